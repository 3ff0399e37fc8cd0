// @vitest-environment happy-dom
import type { QueryKey } from '@tanstack/react-query';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { Outlet } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteName } from '../../../../shared/routes';
import { RULES } from '../../../../shared/rules';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import type { TimeBonusResponse } from '../../../../shared/schemas/discounts';
import discounts from '../../../locales/en/discounts.json';
import { renderWithKit, resetKit } from '../../../test/render-kit';
import { timeBonusClock } from '../time-bonus-clock';
import { TimeBonusBanner } from './TimeBonusBanner';
import { TimeBonusPopup } from './TimeBonusPopup';

const NOW = new Date('2026-03-01T12:00:00Z');
const DELAY = RULES.timeBonus.popupDelayMs;

const member = (extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  email: 'eva@example.com',
  profile: { id: 70, name: 'Eva', main_image: null, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: false,
  signup_date: '2026-03-01T08:00:48Z',
  language: 'en',
  fictional_icon: 'stars',
  status: 'active',
  notifications_disabled: [],
  ...extra,
});

const bonus = (secondsLeft: number, extra: Partial<TimeBonusResponse> = {}): TimeBonusResponse => ({
  visible: true,
  code: 'TIMEBONUS25',
  percentage: 25,
  ends_at: new Date(NOW.getTime() + secondsLeft * 1000).toISOString(),
  seconds_left: secondsLeft,
  ...extra,
});

/** The default layout's discount parts around a page (the layout itself needs the whole app). */
function Layout() {
  return (
    <>
      <TimeBonusBanner />
      <Outlet />
      <TimeBonusPopup />
    </>
  );
}
const page = (name: RouteName, path: string) => ({ path, handle: { name }, element: <p>{name} screen</p> });

async function renderArea(
  path: string,
  opts: { user?: CurrentUser | null; timeBonus?: TimeBonusResponse | null } = {},
) {
  const user = opts.user === undefined ? member() : opts.user;
  const cache: [QueryKey, unknown][] = [[['user'], user]];
  if (user && opts.timeBonus !== null) cache.push([['time-bonus', user.id], opts.timeBonus ?? bonus(14_352)]);
  const { router, queryClient: client } = await renderWithKit({
    routes: [
      {
        element: <Layout />,
        children: [
          page('members', '/members'),
          page('members-id', '/members/:id'),
          page('likes', '/likes'),
          page('premium', '/premium'),
          page('profile', '/profile'),
          page('credits', '/credits'),
        ],
      },
    ],
    path,
    texts: { discounts, common: {} },
    cache,
  });
  const go = (to: string) => act(() => router.navigate(to));
  return { router, client, go };
}

const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const popup = () => screen.queryByTestId('time-bonus-popup');

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW);
  timeBonusClock.reset();
  localStorage.clear();
});
afterEach(() => {
  resetKit();
  timeBonusClock.reset();
  vi.useRealTimers();
});

describe('TimeBonusBanner', () => {
  it('shows the bonus with its countdown in the members area, linking to the credits', async () => {
    await renderArea('/members', { timeBonus: bonus(3 * 3600 + 59 * 60 + 12) });
    const banner = screen.getByTestId('time-bonus-banner');
    expect(banner.textContent).toBe('Welcome bonus: 25% off your first credits' + 'ends in 3:59:12');
    expect(within(banner).getByRole('link').getAttribute('href')).toBe('/credits');
    expect(within(banner).getByRole('timer').textContent).toBe('ends in 3:59:12');
    await wait(1_000);
    expect(screen.getByTestId('time-bonus-banner-timer').textContent).toBe('ends in 3:59:11');
  });

  it('shows on every members-area page and on no other page', async () => {
    const { go } = await renderArea('/likes');
    expect(screen.getByTestId('time-bonus-banner')).toBeTruthy();
    for (const path of ['/members/5', '/premium', '/members']) {
      await go(path);
      expect(screen.getByTestId('time-bonus-banner')).toBeTruthy();
    }
    for (const path of ['/profile', '/credits']) {
      await go(path);
      expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
    }
  });

  it('is not shown without a visible bonus, to a paid member or a visitor, and goes at expiry', async () => {
    await renderArea('/members', { timeBonus: bonus(0, { visible: false, code: null, ends_at: null }) });
    expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
    cleanup();
    await renderArea('/members', { user: member({ paid_user: true }) });
    expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
    cleanup();
    await renderArea('/members', { user: null });
    expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
    cleanup();

    await renderArea('/members', { timeBonus: bonus(3) });
    expect(screen.getByTestId('time-bonus-banner')).toBeTruthy();
    await wait(3_000);
    expect(screen.queryByTestId('time-bonus-banner')).toBeNull();
  });
});

describe('TimeBonusPopup', () => {
  it('opens 40 s after entering the members area with 0 credits; closing it is a lasting dismissal', async () => {
    const { go } = await renderArea('/members');
    await wait(DELAY - 1);
    expect(popup()).toBeNull();
    await wait(1);
    const dialog = popup()!;
    expect(dialog).toBeTruthy();
    expect(within(dialog).getByRole('heading').textContent).toBe('Your welcome bonus');
    for (const text of [
      'Special offer',
      'Unlock 25% off your first credits.',
      'Offer valid for',
      'You receive your credits instantly.',
      'Act fast: the bonus is only valid within 4 hours of signing up.',
    ])
      expect(within(dialog).getByText(text)).toBeTruthy();
    expect(within(dialog).getByRole('timer').textContent).toBe('3:58:32');
    expect(within(dialog).getByTestId('time-bonus-popup-cta').getAttribute('href')).toBe('/credits');

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await wait(1_000);
    expect(popup()).toBeNull();
    expect(localStorage.getItem('dismissed.time_bonus_popup')).toBe(String(NOW.getTime() + DELAY));

    // Back in the area later: it stays closed.
    await go('/profile');
    await go('/members');
    await wait(DELAY * 2);
    expect(popup()).toBeNull();
  });

  it('takes the member to the credits from its button, and counts that as dismissed', async () => {
    const { router } = await renderArea('/likes');
    await wait(DELAY);
    fireEvent.click(screen.getByTestId('time-bonus-popup-cta'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000);
    });
    expect(router.state.location.pathname).toBe('/credits');
    expect(popup()).toBeNull();
    expect(localStorage.getItem('dismissed.time_bonus_popup')).not.toBeNull();
  });

  it('does not open when dismissed before, with credits, without a bonus or for a paid member', async () => {
    localStorage.setItem('dismissed.time_bonus_popup', JSON.stringify(NOW.getTime() - 86_400_000));
    await renderArea('/members');
    await wait(DELAY * 2);
    expect(popup()).toBeNull();
    cleanup();
    localStorage.clear();

    await renderArea('/members', { user: member({ credits: 15 }) });
    await wait(DELAY * 2);
    expect(popup()).toBeNull();
    cleanup();

    await renderArea('/members', { timeBonus: bonus(0, { visible: false, code: null, ends_at: null }) });
    await wait(DELAY * 2);
    expect(popup()).toBeNull();
    cleanup();

    await renderArea('/members', { user: member({ paid_user: true }) });
    await wait(DELAY * 2);
    expect(popup()).toBeNull();
  });

  it('does not open outside the members area', async () => {
    await renderArea('/profile');
    await wait(DELAY * 2);
    expect(popup()).toBeNull();
  });

  it('leaving the area before 40 s cancels the wait; coming back starts it again', async () => {
    const { go } = await renderArea('/members');
    await wait(30_000);
    await go('/profile');
    await wait(20_000);
    expect(popup()).toBeNull();

    await go('/members');
    await wait(DELAY - 1_000);
    expect(popup()).toBeNull();
    await wait(1_000);
    expect(popup()).toBeTruthy();
  });

  it('moving between members-area pages keeps the wait running', async () => {
    const { go } = await renderArea('/members');
    await wait(25_000);
    await go('/members/5');
    await wait(10_000);
    await go('/likes');
    expect(popup()).toBeNull();
    await wait(5_000);
    expect(popup()).toBeTruthy();
  });

  it('does not open when the bonus ends before the 40 s', async () => {
    await renderArea('/members', { timeBonus: bonus(30) });
    await wait(DELAY);
    expect(popup()).toBeNull();
  });
});
