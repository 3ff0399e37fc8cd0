// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import reports from '../../../locales/en/reports.json';
import safety from '../../../locales/en/safety.json';
import { json, renderWithKit, resetKit } from '../../../test/render-kit';
import { ReportModal } from './ReportModal';

async function setup(answer: () => Response) {
  const onDone = vi.fn();
  const onHide = vi.fn();
  const kit = await renderWithKit({
    element: (
      <ReportModal show onHide={onHide} member={{ id: 7, name: 'Eva' }} source="chat" onDone={onDone} />
    ),
    texts: { reports, safety },
    // Lists of members shown earlier: a block must have them fetched again.
    cache: LISTS.map((key) => [key, {}] as const),
    api: { 'POST report.php': answer },
  });
  const stale = () => LISTS.filter((key) => kit.queryClient.getQueryState(key)?.isInvalidated).length;
  return { fetchMock: kit.api.fetch, onDone, onHide, stale };
}

const LISTS = [['search', { page: 1 }], ['likes', 'received', 1], ['chats'], ['member', 9]];

afterEach(resetKit);

describe('ReportModal', () => {
  it('needs a reason, sends reason, comment and block, then says it is done', async () => {
    const { fetchMock, onDone, stale } = await setup(() => json(200, { ok: true, blocked: true }));
    const submit = screen.getByTestId('report-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    // From a chat, the dialog leads to the safety tips (issue 21).
    expect(screen.getByTestId('report-safety-tips').getAttribute('href')).toBe('/pages/safety');
    fireEvent.click(screen.getByTestId('report-reason-scam'));
    fireEvent.change(screen.getByTestId('report-comment'), { target: { value: 'Asked for money' } });
    fireEvent.click(submit);
    await waitFor(() =>
      expect(screen.getByTestId('report-done').textContent).toContain('you have blocked Eva'),
    );
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/report.php');
    expect(JSON.parse(String(init.body))).toEqual({
      member: 7,
      reason: 'scam',
      comment: 'Asked for money',
      source: 'chat',
      block: true,
    });
    expect(stale()).toBe(LISTS.length);
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onDone).toHaveBeenCalledWith(true);
  });

  it('leaves the lists of members alone when the report did not block', async () => {
    const { stale } = await setup(() => json(200, { ok: true, blocked: false }));
    fireEvent.click(screen.getByTestId('report-reason-other'));
    fireEvent.click(screen.getByTestId('report-block'));
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(screen.getByTestId('report-done')).toBeTruthy());
    expect(stale()).toBe(0);
  });

  it('keeps what was typed and shows the error when sending fails', async () => {
    await setup(() =>
      json(404, { error: { code: 'member_not_found', message: 'This profile is not available.' } }),
    );
    fireEvent.click(screen.getByTestId('report-reason-other'));
    fireEvent.change(screen.getByTestId('report-comment'), { target: { value: 'Strange' } });
    fireEvent.click(screen.getByTestId('report-block'));
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(screen.getByText('This profile is not available.')).toBeTruthy());
    expect((screen.getByTestId('report-comment') as HTMLTextAreaElement).value).toBe('Strange');
    expect((screen.getByTestId('report-block') as HTMLInputElement).checked).toBe(false);
  });
});
