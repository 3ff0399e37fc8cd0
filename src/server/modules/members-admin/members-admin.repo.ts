import { and, count, desc, eq, like, or, type SQL, sql } from 'drizzle-orm';
import { MEMBER_SEARCH_PAGE_SIZE, type MemberSearchQuery } from '../../../shared/schemas/admin-members';
import type { Db } from '../../db/client';
import {
  creditLedger,
  directDebitRequests,
  discountCodes,
  discountRedemptions,
  moderationDecisions,
  payments,
  photos,
  profiles,
  reports,
  sites,
  users,
} from '../../db/schema';
import { listActiveSessions } from '../auth/sessions.repo';

/** How many rows of each list the member view shows (newest first). */
export const DETAIL_LIMITS = { payments: 100, ledger: 200, discounts: 100 } as const;

/** `text` for LIKE 'text%': its wildcards and the escape character taken literally. */
export function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Which accounts a search term means: digits are an id (or the beginning of an e-mail address), a term with '@' an
 * e-mail address or its beginning, anything else the beginning of a name or of an e-mail address. Both patterns use
 * the pattern indexes of migration 0030.
 */
function termCondition(q: string): SQL | undefined {
  if (q === '') return undefined;
  const lower = q.toLowerCase();
  const emailPrefix = like(users.email, likePrefix(lower));
  if (/^\d{1,15}$/.test(q)) return or(eq(users.id, Number(q)), emailPrefix);
  if (q.includes('@')) return emailPrefix;
  return or(like(sql`lower(${profiles.name})`, likePrefix(lower)), emailPrefix);
}

export async function searchMembers(db: Db, query: MemberSearchQuery) {
  const rows = await db
    .select({
      id: users.id,
      email: users.email,
      name: profiles.name,
      siteId: users.siteId,
      siteDomain: sites.domain,
      status: users.status,
      purgedAt: users.purgedAt,
      credits: users.credits,
      signupDate: users.signupDate,
      lastActiveAt: users.lastActiveAt,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(termCondition(query.q), query.site ? eq(users.siteId, query.site) : undefined))
    .orderBy(desc(users.id))
    .limit(MEMBER_SEARCH_PAGE_SIZE + 1)
    .offset((query.page - 1) * MEMBER_SEARCH_PAGE_SIZE);
  return { rows: rows.slice(0, MEMBER_SEARCH_PAGE_SIZE), hasMore: rows.length > MEMBER_SEARCH_PAGE_SIZE };
}

export type MemberSearchRow = Awaited<ReturnType<typeof searchMembers>>['rows'][number];

/** Everything the member view shows, or undefined for an unknown id. */
export async function loadMemberDetail(db: Db, memberId: number) {
  const [account] = await db
    .select({ user: users, site: { id: sites.id, domain: sites.domain, name: sites.name } })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, memberId));
  if (!account) return undefined;
  const [profile] = await db.select().from(profiles).where(eq(profiles.userId, memberId));
  const photoRows = await db
    .select()
    .from(photos)
    .where(eq(photos.userId, memberId))
    .orderBy(desc(photos.isMain), photos.createdAt, photos.id);
  const paymentRows = await db
    .select({ payment: payments, ibanMasked: directDebitRequests.ibanMasked })
    .from(payments)
    .leftJoin(directDebitRequests, eq(directDebitRequests.paymentId, payments.id))
    .where(eq(payments.userId, memberId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(DETAIL_LIMITS.payments);
  const ledger = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, memberId))
    .orderBy(desc(creditLedger.createdAt), desc(creditLedger.id))
    .limit(DETAIL_LIMITS.ledger);
  const discounts = await db
    .select({
      code: discountCodes.code,
      kind: discountCodes.kind,
      valuePercentage: discountCodes.valuePercentage,
      status: discountRedemptions.status,
      paymentId: discountRedemptions.paymentId,
      createdAt: discountRedemptions.createdAt,
    })
    .from(discountRedemptions)
    .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
    .where(eq(discountRedemptions.userId, memberId))
    .orderBy(desc(discountRedemptions.createdAt), desc(discountRedemptions.id))
    .limit(DETAIL_LIMITS.discounts);
  const sessions = await listActiveSessions(db, memberId);
  const [against] = await db.select({ n: count() }).from(reports).where(eq(reports.reportedId, memberId));
  const [made] = await db.select({ n: count() }).from(reports).where(eq(reports.reporterId, memberId));
  const [decided] = await db
    .select({ n: count() })
    .from(moderationDecisions)
    .where(eq(moderationDecisions.memberId, memberId));
  return {
    ...account,
    profile,
    photos: photoRows,
    payments: paymentRows,
    ledger,
    discounts,
    sessions,
    counts: { reportsAgainst: against?.n ?? 0, reportsMade: made?.n ?? 0, decisions: decided?.n ?? 0 },
  };
}

export type MemberDetail = NonNullable<Awaited<ReturnType<typeof loadMemberDetail>>>;
