/**
 * The time-bonus countdown: one clock for the whole app (spec: a second timer is never started while one runs).
 * Components read it with useSyncExternalStore (see useTimeBonus); the loaded bonus sets its end with `sync`.
 * The one interval runs only while the bonus has an end in the future and someone is listening; it stops and the
 * clock clears on `sync(null)` (logged out, paid, no data), and it stops at 0 (expired).
 */
export interface ClockState {
  /** when the bonus ends (ms since the epoch), or null without a bonus */
  readonly endsAt: number | null;
  /** whole seconds left, 0 at expiry or without a bonus */
  readonly seconds: number;
}

const EMPTY: ClockState = { endsAt: null, seconds: 0 };
const TICK_MS = 1000;

/** Whole seconds from now until `endsAt`, rounded up (0 only once it has ended). */
export function secondsUntil(endsAt: number, now: number = Date.now()): number {
  return Math.max(0, Math.ceil((endsAt - now) / 1000));
}

export function createClock() {
  let state: ClockState = EMPTY;
  let timer: ReturnType<typeof setInterval> | undefined;
  const listeners = new Set<() => void>();

  const emit = () => {
    for (const l of listeners) l();
  };
  const set = (next: ClockState) => {
    if (next.endsAt === state.endsAt && next.seconds === state.seconds) return;
    state = next;
    emit();
  };
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
  };
  const tick = () => {
    if (state.endsAt === null) return stop();
    const seconds = secondsUntil(state.endsAt);
    if (seconds <= 0) stop();
    set({ endsAt: state.endsAt, seconds });
  };
  /** Starts the one interval when there is something to count down for someone; never a second one. */
  const start = () => {
    if (timer !== undefined || listeners.size === 0 || state.endsAt === null || state.seconds <= 0) return;
    timer = setInterval(tick, TICK_MS);
  };

  return {
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1 && state.endsAt !== null) {
        // Time went by while nobody was looking.
        tick();
        start();
      }
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) stop();
      };
    },
    getSnapshot: (): ClockState => state,
    /** Follows the loaded bonus: its end, or null (logged out, paid, no bonus, no data), which stops and clears. */
    sync(endsAt: number | null): void {
      if (endsAt === state.endsAt) return;
      stop();
      set(endsAt === null ? EMPTY : { endsAt, seconds: secondsUntil(endsAt) });
      start();
    },
    /** Whether the interval runs (for tests). */
    running: (): boolean => timer !== undefined,
    /** Back to no bonus, no interval and no listeners (for tests). */
    reset(): void {
      stop();
      listeners.clear();
      state = EMPTY;
    },
  };
}

/** The app's one time-bonus clock. */
export const timeBonusClock = createClock();
