// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import type { VisitorsResponse } from '../../../shared/schemas/visits';
import safety from '../../locales/en/safety.json';
import { json, renderWithKit, resetKit } from '../../test/render-kit';
import { VisitorsTab } from './VisitorsTab';

async function renderTab(answer: VisitorsResponse) {
  await renderWithKit({
    element: <VisitorsTab page={1} />,
    path: '/likes/visitors',
    texts: { safety, common: { profile: { fictional: 'Fictional profile' } } },
    cache: [
      [
        ['settings'],
        {
          settings: { name: 'Amora', countries: ['NL'], fictional_icon: 'stars' },
          domain_language: 'en',
        } as unknown as SettingsResponse,
      ],
    ],
    api: { 'GET visitors.php': () => json(200, answer) },
  });
}

const base = { page: 1, pages: 1, leave_visits: true };

afterEach(resetKit);

describe('VisitorsTab', () => {
  it('shows a free member how many visited, as blurred cards with the premium offer', async () => {
    await renderTab({ ...base, count: 3, premium: false, items: [] });
    expect((await screen.findByTestId('visitors-count')).textContent).toBe('3 members viewed your profile');
    expect(screen.getAllByTestId('visitor-blurred')).toHaveLength(3);
    expect(screen.getByTestId('visitors-get-premium').getAttribute('href')).toBe('/premium');
    expect(screen.queryByTestId('visitor-card')).toBeNull();
  });

  it('shows a premium member who visited, and says when the member leaves no visits', async () => {
    await renderTab({
      ...base,
      leave_visits: false,
      count: 1,
      premium: true,
      items: [
        {
          id: 5,
          name: 'Eva',
          age: 31,
          city: 'Utrecht',
          country: 'NL',
          fictional: false,
          main_image: null,
          visited_at: '2026-11-20T10:00:00Z',
        },
      ],
    });
    expect((await screen.findByTestId('visitor-card')).textContent).toContain('Eva');
    expect(screen.getByTestId('visitors-count').textContent).toBe('1 member viewed your profile');
    expect(screen.queryByTestId('visitor-blurred')).toBeNull();
    expect(screen.getByTestId('visitors-off-notice').querySelector('a')?.getAttribute('href')).toBe(
      '/notifications#privacy',
    );
  });

  it('says there are no visitors yet', async () => {
    await renderTab({ ...base, count: 0, premium: false, items: [] });
    expect(await screen.findByTestId('visitors-empty')).toBeTruthy();
  });
});
