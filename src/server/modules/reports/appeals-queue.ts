import { asc, eq, sql } from 'drizzle-orm';
import type { AdminAppeal } from '../../../shared/schemas/admin-reports';
import type { DecisionKind, Statement } from '../../../shared/schemas/moderation';
import type { Db } from '../../db/client';
import { moderationAppeals, moderationDecisions, profiles, staffAccounts } from '../../db/schema';

/** Open appeals, oldest first, with the decision; the first decider sees them but may not decide (can_decide). */
export async function listOpenAppeals(db: Db, staffId: number): Promise<AdminAppeal[]> {
  const rows = await db
    .select({
      a: moderationAppeals,
      d: moderationDecisions,
      memberName: sql<string | null>`${profiles.name}`,
      decider: sql<string | null>`${staffAccounts.name}`,
    })
    .from(moderationAppeals)
    .innerJoin(moderationDecisions, eq(moderationDecisions.id, moderationAppeals.decisionId))
    .leftJoin(profiles, eq(profiles.userId, moderationAppeals.memberId))
    .leftJoin(staffAccounts, eq(staffAccounts.id, moderationDecisions.staffId))
    .where(eq(moderationAppeals.status, 'open'))
    .orderBy(asc(moderationAppeals.createdAt), asc(moderationAppeals.id))
    .limit(100);
  return rows.map(({ a, d, memberName, decider }) => ({
    id: a.id,
    created_at: a.createdAt.toISOString(),
    statement: a.statement,
    member: a.memberId !== null ? { id: a.memberId, name: memberName ?? '' } : null,
    decision: {
      id: d.id,
      kind: d.kind as DecisionKind,
      ground: { type: d.groundType as 'law' | 'terms', ref: d.groundRef as Statement['ground']['ref'] },
      facts: d.facts,
      automated: d.automated,
      until: d.until?.toISOString() ?? null,
      created_at: d.createdAt.toISOString(),
      decided_by: d.staffId === null ? null : (decider ?? ''),
    },
    can_decide: d.staffId !== staffId,
  }));
}
