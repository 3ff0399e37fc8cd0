import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { MODERATION_RULES } from '../../../shared/rules';
import type { AdminReport } from '../../../shared/schemas/admin-reports';
import type { DecisionKind } from '../../../shared/schemas/moderation';
import type { Db } from '../../db/client';
import { moderationDecisions, profiles, type Report, reports, users } from '../../db/schema';
import { restrictionNow } from '../decisions/restrictions';

type History = NonNullable<AdminReport['reported']>['history'];

/** Earlier notices and decisions of some members: the history shown beside a notice for both sides. */
async function historiesOf(db: Db, ids: number[]): Promise<Map<number, History>> {
  const out = new Map<number, History>();
  if (ids.length === 0) return out;
  for (const id of ids) out.set(id, { reports_received: 0, reports_made: 0, decisions: [] });
  const [received, made, decisions] = await Promise.all([
    db
      .select({ id: reports.reportedId, n: count() })
      .from(reports)
      .where(inArray(reports.reportedId, ids))
      .groupBy(reports.reportedId),
    db
      .select({ id: reports.reporterId, n: count() })
      .from(reports)
      .where(inArray(reports.reporterId, ids))
      .groupBy(reports.reporterId),
    db
      .select()
      .from(moderationDecisions)
      .where(inArray(moderationDecisions.memberId, ids))
      .orderBy(desc(moderationDecisions.createdAt))
      .limit(200),
  ]);
  for (const r of received) if (r.id !== null) out.get(r.id)!.reports_received = r.n;
  for (const r of made) if (r.id !== null) out.get(r.id)!.reports_made = r.n;
  for (const d of decisions)
    out.get(d.memberId!)?.decisions.push({
      id: d.id,
      kind: d.kind as DecisionKind,
      ground_ref: d.groundRef,
      created_at: d.createdAt.toISOString(),
      reversed: d.reversedAt !== null,
    });
  return out;
}

/** The open notices, oldest first, each with its evidence, both members and their history. */
export async function listOpenReports(db: Db, page: number): Promise<{ rows: AdminReport[]; total: number }> {
  const size = MODERATION_RULES.queuePageSize;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(reports)
      .where(eq(reports.status, 'open'))
      .orderBy(asc(reports.createdAt), asc(reports.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(reports).where(eq(reports.status, 'open')),
  ]);
  const memberIds = [
    ...new Set(rows.flatMap((r) => [r.reporterId, r.reportedId]).filter((x): x is number => x !== null)),
  ];
  const [members, histories] = await Promise.all([
    memberIds.length
      ? db
          .select({
            id: users.id,
            status: users.status,
            bannedAt: users.bannedAt,
            suspendedUntil: users.suspendedUntil,
            name: sql<string>`coalesce(${profiles.name}, '')`,
          })
          .from(users)
          .leftJoin(profiles, eq(profiles.userId, users.id))
          .where(inArray(users.id, memberIds))
      : [],
    historiesOf(db, memberIds),
  ]);
  const byId = new Map(members.map((m) => [m.id, m]));
  return { rows: rows.map((r) => present(r, byId, histories)), total: total?.n ?? 0 };
}

type MemberRow = {
  id: number;
  status: string;
  bannedAt: Date | null;
  suspendedUntil: Date | null;
  name: string;
};

function present(r: Report, members: Map<number, MemberRow>, histories: Map<number, History>): AdminReport {
  const reporter = r.reporterId !== null ? members.get(r.reporterId) : undefined;
  const reported = r.reportedId !== null ? members.get(r.reportedId) : undefined;
  const snap = r.snapshot;
  return {
    id: r.id,
    source: r.source as AdminReport['source'],
    target: r.target as AdminReport['target'],
    reason: r.reason,
    comment: r.comment,
    url: r.url,
    good_faith: r.goodFaith,
    created_at: r.createdAt.toISOString(),
    photo_id: r.photoId,
    message_id: r.messageId,
    reporter: {
      id: r.reporterId,
      name: reporter?.name || r.reporterName || '',
      email: r.reporterId === null ? r.reporterEmail : null,
      history: r.reporterId !== null ? (histories.get(r.reporterId) ?? null) : null,
    },
    reported:
      r.reportedId !== null
        ? {
            id: r.reportedId,
            name: reported?.name || snap.member?.name || '',
            status: reported?.status ?? 'deleted',
            restricted: reported ? (restrictionNow(reported)?.kind ?? null) : null,
            history: histories.get(r.reportedId)!,
          }
        : null,
    evidence: {
      about: snap.member?.about ?? null,
      photos: (snap.photos ?? []).map((p) => ({
        id: p.id,
        status: p.status,
        main: p.isMain,
        image: `/api/admin/photo-image.php?id=${p.id}`,
        reported: p.id === r.photoId,
      })),
      messages: (snap.messages ?? []).map((m) => ({
        id: m.id,
        from_reported: m.senderId === r.reportedId,
        kind: m.kind,
        body: m.body,
        created_at: m.createdAt,
        reported: m.id === r.messageId,
      })),
    },
  };
}
