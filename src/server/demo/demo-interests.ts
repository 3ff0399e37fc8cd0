import { EXPLICIT_INTERESTS, INTERESTS, type Interest } from '../../shared/rules';

/** An interest a demo person may have: the spec's list without the explicit ones (demo content stays tasteful). */
export type DemoInterest = Exclude<Interest, (typeof EXPLICIT_INTERESTS)[number]>;

/** Interest keys a demo person may have: the spec's list (rules.ts) without the explicit ones, in its order. */
export const DEMO_INTERESTS: readonly DemoInterest[] = INTERESTS.filter(
  (i): i is DemoInterest => !(EXPLICIT_INTERESTS as readonly Interest[]).includes(i),
);
