import { and, asc, eq, gt, gte, lt, lte, notInArray, or, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { catalogBundles, catalogPrices, directDebitRequests, payments, users } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

/** SQL of the direct-debit requests (modules/directdebit). Times come from the caller's clock, never `now()`. */

export type RequestRow = typeof directDebitRequests.$inferSelect;
export type NewRequest = typeof directDebitRequests.$inferInsert;

const RULE = RULES.directDebit;

/** Serialises a member's direct-debit work (limit, daily SMS count) until the transaction ends. */
export async function lockMember(tx: Tx, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

export async function insertRequest(tx: Tx, values: NewRequest): Promise<RequestRow> {
  const [row] = await tx.insert(directDebitRequests).values(values).returning();
  return row as RequestRow;
}

export async function findRequest(db: Db | Tx, tokenHash: string, userId: number) {
  const [row] = await db
    .select()
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.tokenHash, tokenHash), eq(directDebitRequests.userId, userId)));
  return row;
}

/**
 * Counts one attempt at the code, atomically: the request must be the member's, pending, unexpired and have tries
 * left. One UPDATE … RETURNING, so parallel guesses can never take more tries than there are.
 */
export async function countAttempt(
  db: Db,
  tokenHash: string,
  userId: number,
  now: Date,
): Promise<RequestRow | undefined> {
  const [row] = await db
    .update(directDebitRequests)
    .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
    .where(
      and(
        eq(directDebitRequests.tokenHash, tokenHash),
        eq(directDebitRequests.userId, userId),
        eq(directDebitRequests.status, 'pending'),
        lt(directDebitRequests.attempts, RULE.attemptsPerCode),
        gt(directDebitRequests.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Takes the request for the mandate and payment: of parallel confirmations of one code, only one gets it. */
export async function claimRequest(db: Db, id: number): Promise<boolean> {
  const rows = await db
    .update(directDebitRequests)
    .set({ status: 'processing' })
    .where(and(eq(directDebitRequests.id, id), eq(directDebitRequests.status, 'pending')))
    .returning({ id: directDebitRequests.id });
  return rows.length === 1;
}

/**
 * A new code for a pending request (atomically): sends left, and the wait since the last one over. The new code
 * gets its own tries and lifetime.
 */
export async function replaceCode(
  tx: Tx,
  tokenHash: string,
  userId: number,
  codeHash: string,
  now: Date,
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .update(directDebitRequests)
    .set({
      codeHash,
      attempts: 0,
      sends: sql`${directDebitRequests.sends} + 1`,
      lastSentAt: now,
      expiresAt: new Date(now.getTime() + RULE.codeMinutes * 60_000),
      smsStatus: 'queued',
      smsSid: null,
      smsError: null,
    })
    .where(
      and(
        eq(directDebitRequests.tokenHash, tokenHash),
        eq(directDebitRequests.userId, userId),
        eq(directDebitRequests.status, 'pending'),
        lt(directDebitRequests.sends, RULE.sendsPerRequest),
        lte(directDebitRequests.lastSentAt, new Date(now.getTime() - RULE.resendAfterSeconds * 1000)),
      ),
    )
    .returning();
  return row;
}

export async function finishRequest(
  db: Db | Tx,
  id: number,
  set: Partial<Pick<RequestRow, 'status' | 'mandateId' | 'paymentId' | 'debitDate' | 'confirmedAt'>>,
): Promise<void> {
  await db.update(directDebitRequests).set(set).where(eq(directDebitRequests.id, id));
}

/** Payment statuses that never took money: they do not count against the limit. */
const UNPAID_ENDS = ['failed', 'canceled', 'expired'];

/** The member's direct debits since `since` that count against the limit: their sum and the oldest one's time. */
export async function debitsSince(tx: Db | Tx, userId: number, since: Date) {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${payments.amountMinor}), 0)::int`,
      oldest: sql<Date | string | null>`min(${payments.createdAt})`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'sdd'),
        gte(payments.createdAt, since),
        notInArray(payments.status, UNPAID_ENDS),
      ),
    );
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { total: Number(row?.total ?? 0), oldest };
}

/** Whether an earlier direct debit of the member was charged back (then direct debit is blocked for them). */
export async function hasChargedBackDebit(tx: Db | Tx, userId: number): Promise<boolean> {
  const rows = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'sdd'),
        or(eq(payments.status, 'charged_back'), gt(payments.chargedBackMinor, 0)),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** A listed, active bundle with its price in `country`. */
export async function offerOf(db: Db | Tx, bundleId: number, country: string) {
  const [offer] = await db
    .select({ bundle: catalogBundles, price: catalogPrices })
    .from(catalogBundles)
    .innerJoin(
      catalogPrices,
      and(eq(catalogPrices.bundleId, catalogBundles.id), eq(catalogPrices.country, country)),
    )
    .where(and(eq(catalogBundles.id, bundleId), eq(catalogBundles.active, true)));
  return offer;
}

/** The listed bundles of a country from the cheapest: for "choose a cheaper package". */
export async function listedPrices(db: Db | Tx, country: string) {
  return db
    .select({ id: catalogBundles.id, amountMinor: catalogPrices.amountMinor })
    .from(catalogBundles)
    .innerJoin(
      catalogPrices,
      and(eq(catalogPrices.bundleId, catalogBundles.id), eq(catalogPrices.country, country)),
    )
    .where(and(eq(catalogBundles.active, true), eq(catalogBundles.listed, true)))
    .orderBy(asc(catalogPrices.amountMinor));
}

/** A payment row, locked. */
export async function lockPayment(tx: Tx, id: number) {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row;
}
