import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { moderationAppeals, moderationDecisions, profiles, sites, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import { enqueueMail } from '../outbox/outbox.repo';
import { recordStaffAction } from '../staff/staff-audit';
import { plainModerationMail } from './decision-mail';
import { reverseDecision } from './restrictions';

export interface AppealOutcome {
  memberId: number | null;
  revokedSessionIds: number[];
}

/**
 * A staff member decides an open appeal: upheld, or reversed (the restriction lifted, the photo or message
 * restored). The first decider may not decide it (403 appeal_same_decider; the database refuses it too); two staff
 * deciding at once: one wins, the other gets 409. The member is told the outcome in their language.
 */
export async function decideAppeal(
  db: Db,
  staff: { id: number },
  appealId: number,
  outcome: 'upheld' | 'reversed',
  note: string,
): Promise<AppealOutcome> {
  return db.transaction(async (tx) => {
    const [found] = await tx
      .select({ appeal: moderationAppeals, decision: moderationDecisions })
      .from(moderationAppeals)
      .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
      .where(eq(moderationAppeals.id, appealId))
      .for('update', { of: moderationAppeals });
    if (!found) throw new AppError(404, 'not_found');
    if (found.appeal.status !== 'open')
      throw new AppError(409, 'already_handled', 'moderation.errors.already_handled');
    if (found.decision.staffId === staff.id)
      throw new AppError(403, 'appeal_same_decider', 'moderation.errors.appeal_same_decider');
    await tx
      .update(moderationAppeals)
      .set({ status: outcome, decidedBy: staff.id, decidedAt: new Date(), note })
      .where(eq(moderationAppeals.id, appealId));
    if (outcome === 'reversed') await reverseDecision(tx, found.decision.id);
    await recordStaffAction(tx, staff.id, {
      action: `appeal.${outcome === 'reversed' ? 'reverse' : 'uphold'}`,
      targetType: 'appeal',
      targetId: String(appealId),
      before: { status: 'open', decision: found.decision.id, kind: found.decision.kind },
      after: { status: outcome, note },
      siteId: found.decision.siteId,
    });
    const memberId = found.decision.memberId;
    if (memberId !== null) await tellOutcome(tx, memberId, outcome);
    return { memberId, revokedSessionIds: [] };
  });
}

async function tellOutcome(tx: Tx, memberId: number, outcome: 'upheld' | 'reversed'): Promise<void> {
  const [m] = await tx
    .select({ user: users, name: profiles.name, site: sites })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, memberId));
  if (!m || m.user.purgedAt) return;
  await enqueueMail(
    tx,
    memberId,
    plainModerationMail(
      m.site,
      { email: m.user.email, name: m.name ?? '', language: m.user.language },
      outcome === 'reversed' ? 'appeal_reversed' : 'appeal_upheld',
    ),
  );
}
