// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { TimeBonusResponse } from '../../../shared/schemas/discounts';
import { formatCountdown, formatPercentage } from './format';
import { useTimeBonus } from './hooks/use-time-bonus';
import { createClock, timeBonusClock } from './time-bonus-clock';

const NOW = new Date('2026-03-01T12:00:00Z');

const member = (extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 7,
  email: 'eva@example.com',
  profile: { id: 70, name: 'Eva', main_image: null, country: 'NL', status: 'active' },
  credits: 0,
  paid_user: false,
  signup_date: '2026-03-01T08:00:10Z',
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

/** setInterval calls made by the code under test (the fake timers are installed first). */
let intervals: ReturnType<typeof vi.spyOn>;

describe('formatCountdown', () => {
  it('shows hours:minutes:seconds', () => {
    expect(formatCountdown(14_400)).toBe('4:00:00');
    expect(formatCountdown(14_399)).toBe('3:59:59');
    expect(formatCountdown(3_600 + 61)).toBe('1:01:01');
    expect(formatCountdown(59)).toBe('0:00:59');
    expect(formatCountdown(0)).toBe('0:00:00');
    expect(formatCountdown(-5)).toBe('0:00:00');
  });

  it('formats the percentage in the locale', () => {
    expect(formatPercentage(25, 'en')).toBe('25%');
    expect(formatPercentage(25, 'de')).toBe('25\u00a0%');
  });
});

describe('the time-bonus clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    intervals = vi.spyOn(globalThis, 'setInterval');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('counts down each second with one interval, however often it is synced or listened to', () => {
    const clock = createClock();
    const seen: number[] = [];
    const stopA = clock.subscribe(() => seen.push(clock.getSnapshot().seconds));
    const stopB = clock.subscribe(() => undefined);
    const end = NOW.getTime() + 3_000;
    clock.sync(end);
    clock.sync(end);
    expect(clock.getSnapshot()).toEqual({ endsAt: end, seconds: 3 });
    expect(intervals).toHaveBeenCalledTimes(1);
    expect(vi.getTimerCount()).toBe(1);

    vi.advanceTimersByTime(1_000);
    expect(clock.getSnapshot().seconds).toBe(2);
    // A third listener neither starts a second interval nor restarts the first.
    const stopC = clock.subscribe(() => undefined);
    vi.advanceTimersByTime(1_000);
    expect(clock.getSnapshot().seconds).toBe(1);
    expect(intervals).toHaveBeenCalledTimes(1);

    // At 0 the interval stops.
    vi.advanceTimersByTime(1_000);
    expect(clock.getSnapshot().seconds).toBe(0);
    expect(clock.running()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);
    expect(seen).toEqual([3, 2, 1, 0]);
    stopA();
    stopB();
    stopC();
  });

  it('stops and clears on sync(null), and runs only while someone listens', () => {
    const clock = createClock();
    clock.sync(NOW.getTime() + 60_000);
    // Nobody listens yet: no interval.
    expect(clock.running()).toBe(false);
    const stop = clock.subscribe(() => undefined);
    expect(clock.running()).toBe(true);
    vi.advanceTimersByTime(5_000);
    expect(clock.getSnapshot().seconds).toBe(55);

    clock.sync(null);
    expect(clock.getSnapshot()).toEqual({ endsAt: null, seconds: 0 });
    expect(clock.running()).toBe(false);
    expect(vi.getTimerCount()).toBe(0);

    // A new end replaces the interval (still one), and the last listener leaving stops it.
    clock.sync(NOW.getTime() + 120_000);
    expect(clock.running()).toBe(true);
    expect(vi.getTimerCount()).toBe(1);
    stop();
    expect(clock.running()).toBe(false);
  });

  it('does not start for an end already passed', () => {
    const clock = createClock();
    const stop = clock.subscribe(() => undefined);
    clock.sync(NOW.getTime() - 1_000);
    expect(clock.getSnapshot().seconds).toBe(0);
    expect(clock.running()).toBe(false);
    stop();
  });
});

function Countdown({ id }: { id: string }) {
  const b = useTimeBonus();
  return (
    <p data-testid={id} data-visible={String(b.visible)}>
      {formatCountdown(b.secondsLeft)}
    </p>
  );
}

describe('useTimeBonus', () => {
  let client: QueryClient;
  let fetchMock: ReturnType<typeof vi.fn>;
  // The query cache tells its observers on a timeout of 0.
  const flush = () => act(() => vi.advanceTimersByTime(1));

  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(NOW);
    timeBonusClock.reset();
    intervals = vi.spyOn(globalThis, 'setInterval');
    fetchMock = vi.fn(async () => new Response('{}', { status: 404 }));
    vi.stubGlobal('fetch', fetchMock);
    client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });
  afterEach(() => {
    cleanup();
    timeBonusClock.reset();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  const show = (user: CurrentUser | null, data?: TimeBonusResponse) => {
    client.setQueryData(['user'], user);
    if (data && user) client.setQueryData(['time-bonus', user.id], data);
    render(
      <QueryClientProvider client={client}>
        <Countdown id="a" />
        <Countdown id="b" />
      </QueryClientProvider>,
    );
  };
  const text = (id: string) => screen.getByTestId(id).textContent;
  const visible = (id: string) => screen.getByTestId(id).getAttribute('data-visible');

  it('ticks each second from ends_at, on one interval for every component', () => {
    show(member(), bonus(3 * 3600 + 59 * 60 + 12));
    expect(text('a')).toBe('3:59:12');
    expect(visible('a')).toBe('true');
    expect(intervals).toHaveBeenCalledTimes(1);
    expect(timeBonusClock.running()).toBe(true);

    act(() => vi.advanceTimersByTime(1_000));
    expect(text('a')).toBe('3:59:11');
    expect(text('b')).toBe('3:59:11');
    act(() => vi.advanceTimersByTime(60_000));
    expect(text('a')).toBe('3:58:11');
    expect(intervals).toHaveBeenCalledTimes(1);
    // Only its own data: nothing was fetched.
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('stops at expiry and the bonus is no longer visible', () => {
    show(member(), bonus(2));
    expect(text('a')).toBe('0:00:02');
    act(() => vi.advanceTimersByTime(2_000));
    expect(text('a')).toBe('0:00:00');
    expect(visible('a')).toBe('false');
    expect(timeBonusClock.running()).toBe(false);
    act(() => vi.advanceTimersByTime(5_000));
    expect(intervals).toHaveBeenCalledTimes(1);
  });

  it('stops and clears on logout', () => {
    show(member(), bonus(600));
    expect(timeBonusClock.running()).toBe(true);
    act(() => client.setQueryData(['user'], null));
    flush();
    expect(visible('a')).toBe('false');
    expect(text('a')).toBe('0:00:00');
    expect(timeBonusClock.running()).toBe(false);
    expect(timeBonusClock.getSnapshot()).toEqual({ endsAt: null, seconds: 0 });
    // (The timers left are the query cache's own.)
    act(() => vi.advanceTimersByTime(10_000));
    expect(text('a')).toBe('0:00:00');
    expect(intervals).toHaveBeenCalledTimes(1);
  });

  it('stops and clears when the member becomes paid', () => {
    show(member(), bonus(600));
    act(() => client.setQueryData(['user'], member({ paid_user: true })));
    flush();
    expect(visible('a')).toBe('false');
    expect(timeBonusClock.running()).toBe(false);
    expect(timeBonusClock.getSnapshot().endsAt).toBeNull();
  });

  it('starts no timer without data or without a visible bonus', () => {
    show(member(), bonus(0, { visible: false, code: null, ends_at: null }));
    expect(visible('a')).toBe('false');
    expect(timeBonusClock.running()).toBe(false);
    cleanup();

    // A visitor: nothing is loaded.
    show(null);
    expect(visible('a')).toBe('false');
    expect(intervals).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('loads the bonus for a signed-in member who has not paid, not for a paid one', async () => {
    fetchMock.mockImplementation(async (input: string) =>
      String(input).includes('/api/time-bonus.php')
        ? new Response(JSON.stringify(bonus(100)), {
            status: 200,
            headers: { 'Content-Type': 'application/json' },
          })
        : new Response('{}', { status: 404 }),
    );
    show(member());
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(text('a')).toBe('0:01:40');
    cleanup();
    client.clear();
    fetchMock.mockClear();

    show(member({ id: 8, paid_user: true }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(visible('a')).toBe('false');
  });
});
