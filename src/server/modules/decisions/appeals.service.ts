import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { AppealRequest } from '../../../shared/schemas/moderation';
import type { Db } from '../../db/client';
import { moderationAppeals, moderationDecisions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { memberOfToken } from './restrictions';

/**
 * A member appeals a decision (DSA Art. 20): free, within its deadline, once, with a statement. The token is the
 * ban page's (login refusal or statement mail), so a banned member who cannot sign in can appeal.
 */
export async function fileAppeal(db: Db, req: AppealRequest): Promise<number> {
  const memberId = await memberOfToken(db, req.t);
  return db.transaction(async (tx) => {
    const [decision] = await tx
      .select({ id: moderationDecisions.id })
      .from(moderationDecisions)
      .where(
        and(
          eq(moderationDecisions.id, req.decision),
          eq(moderationDecisions.memberId, memberId),
          isNull(moderationDecisions.reversedAt),
          gt(moderationDecisions.appealDeadline, sql`now()`),
        ),
      );
    if (!decision) throw new AppError(409, 'appeal_closed', 'moderation.errors.appeal_closed');
    const [row] = await tx
      .insert(moderationAppeals)
      .values({ decisionId: decision.id, memberId, statement: req.statement })
      .onConflictDoNothing()
      .returning({ id: moderationAppeals.id });
    if (!row) throw new AppError(409, 'appeal_exists', 'moderation.errors.appeal_exists');
    return row.id;
  });
}
