/**
 * The signup steps after step 0 (the account and the first message), spec section 4: 1 photo, 2 personal info,
 * 3 about me, 4 push notifications. The server keeps the first one a member has not passed (done or skipped), so a
 * reload of /signup continues there and the members area asks to finish until all are behind them.
 */
export const SIGNUP_STEPS = ['photo', 'personal', 'about', 'push'] as const;
export type SignupStepName = (typeof SIGNUP_STEPS)[number];

/** Steps are numbered from 1 (0 is the account itself). */
export const SIGNUP_STEP_COUNT = SIGNUP_STEPS.length;

/** The step a member continues at after passing `step`, or null when that was the last. */
export function stepAfter(step: number): number | null {
  return step >= SIGNUP_STEP_COUNT ? null : step + 1;
}
