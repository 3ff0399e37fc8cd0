// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MemberPhoto } from '../../../shared/schemas/member-profile';
import members from '../../locales/en/members.json';
import reports from '../../locales/en/reports.json';
import { json, renderWithKit, resetKit } from '../../test/render-kit';
import { PhotoViewer } from './PhotoViewer';

const photo = (id: number): MemberPhoto => ({
  id,
  main: id === 11,
  locked: false,
  thumb_filename: `/photos/${id}-thumb.jpg`,
  match: null,
  filename: `/photos/${id}.jpg`,
});
const PHOTOS = [photo(11), photo(12)];

/** The member page's part: the viewer open on the second photo, its index held by the page. */
function Page({ canReport, onReported }: { canReport: boolean; onReported: (b: boolean) => void }) {
  const [index, setIndex] = useState<number | null>(1);
  return (
    <PhotoViewer
      member={{ id: 7, name: 'Eva' }}
      photos={PHOTOS}
      index={index}
      onIndex={setIndex}
      onClose={() => setIndex(null)}
      canReport={canReport}
      onReported={onReported}
    />
  );
}

async function setup(canReport: boolean) {
  const onReported = vi.fn();
  const { api } = await renderWithKit({
    element: <Page canReport={canReport} onReported={onReported} />,
    texts: { members, reports },
    api: { 'POST report.php': () => json(200, { ok: true, blocked: false }) },
  });
  return { fetchMock: api.fetch, onReported };
}

afterEach(resetKit);

describe('PhotoViewer', () => {
  it('reports the photo shown: the viewer closes, the dialog names the photo and sends its id', async () => {
    const { fetchMock, onReported } = await setup(true);
    expect(screen.getByTestId('member-lightbox-image').getAttribute('src')).toBe('/photos/12.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Report this photo' }));

    await waitFor(() => expect(screen.queryByTestId('member-lightbox')).toBeNull());
    expect(screen.getByRole('heading', { name: 'Report a photo of Eva' })).toBeTruthy();
    expect(screen.getByTestId('report-photo').getAttribute('src')).toBe('/photos/12-thumb.jpg');

    fireEvent.click(screen.getByTestId('report-reason-fake'));
    fireEvent.click(screen.getByTestId('report-block'));
    fireEvent.click(screen.getByTestId('report-submit'));
    await waitFor(() => expect(screen.getByTestId('report-done')).toBeTruthy());
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/report.php');
    expect(JSON.parse(String(init.body))).toEqual({
      member: 7,
      reason: 'fake',
      comment: '',
      source: 'photo',
      photo: 12,
      block: false,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onReported).toHaveBeenCalledWith(false);
  });

  it('offers no report where the viewer may not report (signed out, own profile)', async () => {
    await setup(false);
    expect(screen.getByTestId('member-lightbox')).toBeTruthy();
    expect(screen.queryByTestId('report-photo-open')).toBeNull();
  });
});
