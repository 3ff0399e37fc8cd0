// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import reports from '../../../locales/en/reports.json';
import safety from '../../../locales/en/safety.json';
import { ReportModal } from './ReportModal';

async function setup(answer: () => Response) {
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    resources: { en: { reports, safety } },
    interpolation: { escapeValue: false },
  });
  const fetchMock = vi.fn(async () => answer());
  vi.stubGlobal('fetch', fetchMock);
  const onDone = vi.fn();
  const onHide = vi.fn();
  const client = new QueryClient();
  // Lists of members shown earlier: a block must have them fetched again.
  for (const key of LISTS) client.setQueryData(key, {});
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <ReportModal show onHide={onHide} member={{ id: 7, name: 'Eva' }} source="chat" onDone={onDone} />
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  const stale = () => LISTS.filter((key) => client.getQueryState(key)?.isInvalidated).length;
  return { fetchMock, onDone, onHide, stale };
}

const LISTS = [['search', { page: 1 }], ['likes', 'received', 1], ['chats'], ['member', 9]];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
