import { and, eq } from 'drizzle-orm';
import { stepAfter } from '../../../shared/signup-steps';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';

/**
 * The member passed signup step `step` (did it or skipped it): they continue at the next one, or are done after the
 * last. Only the step they are at moves them on, so a repeated or late call (a second tab, a retry) changes nothing.
 */
export async function passSignupStep(db: Db, userId: number, step: number): Promise<void> {
  await db
    .update(users)
    .set({ signupStep: stepAfter(step) })
    .where(and(eq(users.id, userId), eq(users.signupStep, step)));
}
