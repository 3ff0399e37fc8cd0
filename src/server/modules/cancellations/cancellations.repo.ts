import { and, count, eq, gt, isNotNull, lte, ne, sql } from 'drizzle-orm';
import type { CancelContract } from '../../../shared/schemas/cancellations';
import type { Db } from '../../db/client';
import { cancelledMandates, contractCancellations, paymentCustomers, payments } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';

export type CancellationRow = typeof contractCancellations.$inferSelect;
export type NewCancellation = typeof contractCancellations.$inferInsert;
export type CancelledMandateRow = typeof cancelledMandates.$inferSelect;

export async function insertCancellation(tx: Tx, values: NewCancellation): Promise<CancellationRow> {
  const [row] = await tx.insert(contractCancellations).values(values).returning();
  return row as CancellationRow;
}

export async function findByTokenHash(db: Db | Tx, tokenHash: string): Promise<CancellationRow | undefined> {
  const [row] = await db
    .select()
    .from(contractCancellations)
    .where(eq(contractCancellations.tokenHash, tokenHash));
  return row;
}

/** Confirmation mails sent to a member since `since` (the mails-per-day limit). */
export async function mailedSince(tx: Tx, userId: number, since: Date): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(contractCancellations)
    .where(
      and(
        eq(contractCancellations.userId, userId),
        eq(contractCancellations.via, 'email'),
        gt(contractCancellations.receivedAt, since),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Marks a pending cancellation confirmed, once: the one conditional UPDATE that parallel confirmations race for (the
 * loser gets nothing back). A link past its end confirms nothing.
 */
export async function claimConfirmation(
  tx: Tx,
  where: { id: number } | { tokenHash: string },
  now: Date,
  effectiveAt: (row: { receivedAt: Date; requestedDate: string | null }) => Date,
): Promise<CancellationRow | undefined> {
  const match =
    'id' in where
      ? eq(contractCancellations.id, where.id)
      : and(eq(contractCancellations.tokenHash, where.tokenHash), gt(contractCancellations.expiresAt, now));
  const [pending] = await tx
    .select({
      id: contractCancellations.id,
      receivedAt: contractCancellations.receivedAt,
      requestedDate: contractCancellations.requestedDate,
    })
    .from(contractCancellations)
    .where(and(match, eq(contractCancellations.status, 'pending')));
  if (!pending) return undefined;
  const [row] = await tx
    .update(contractCancellations)
    .set({ status: 'confirmed', confirmedAt: now, effectiveAt: effectiveAt(pending), mandatesStopped: 0 })
    .where(and(eq(contractCancellations.id, pending.id), eq(contractCancellations.status, 'pending')))
    .returning();
  return row;
}

export async function setMandatesStopped(tx: Tx, id: number, n: number): Promise<CancellationRow> {
  const [row] = await tx
    .update(contractCancellations)
    .set({ mandatesStopped: n })
    .where(eq(contractCancellations.id, id))
    .returning();
  return row as CancellationRow;
}

/**
 * The member's stored payment authorisations the contract covers: every provider mandate a payment of theirs was made
 * on (a card or PayPal mandate carries the repeat order; method sdd is a SEPA direct-debit mandate), with the
 * provider's customer that holds it.
 */
export async function mandatesOf(tx: Tx, userId: number, contract: CancelContract) {
  const kind =
    contract === 'direct_debit'
      ? eq(payments.method, 'sdd')
      : contract === 'repeat_order'
        ? ne(payments.method, 'sdd')
        : undefined;
  return tx
    .selectDistinctOn([payments.provider, payments.mandateId], {
      provider: payments.provider,
      mandateId: sql<string>`${payments.mandateId}`,
      method: payments.method,
      customerId: paymentCustomers.customerId,
    })
    .from(payments)
    .innerJoin(
      paymentCustomers,
      and(eq(paymentCustomers.userId, payments.userId), eq(paymentCustomers.provider, payments.provider)),
    )
    .where(and(eq(payments.userId, userId), isNotNull(payments.mandateId), kind))
    .orderBy(payments.provider, payments.mandateId);
}

/**
 * Records the stopped mandates. A mandate stopped before keeps its first cancellation; an earlier effect wins (a
 * cancellation for the next possible date overtakes one for a later day).
 */
export async function stopMandates(tx: Tx, rows: (typeof cancelledMandates.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(cancelledMandates)
    .values(rows)
    .onConflictDoUpdate({
      target: [cancelledMandates.provider, cancelledMandates.mandateId],
      set: { effectiveAt: sql`least(${cancelledMandates.effectiveAt}, excluded.effective_at)` },
    });
}

/**
 * Claims mandates whose cancellation took effect and which the provider has not revoked yet: each claimed row gets a
 * lease (its next try moves 10 minutes on, its attempt is counted) in one statement, so parallel workers and
 * instances never take the same one, and the provider is called outside any transaction.
 */
export async function claimDueRevocations(db: Db, now: Date, limit: number, userId?: number) {
  const due = db
    .select({ provider: cancelledMandates.provider, mandateId: cancelledMandates.mandateId })
    .from(cancelledMandates)
    .where(
      and(
        sql`${cancelledMandates.revokedAt} is null`,
        lte(cancelledMandates.effectiveAt, now),
        lte(cancelledMandates.nextAttemptAt, now),
        userId === undefined ? undefined : eq(cancelledMandates.userId, userId),
      ),
    )
    .orderBy(cancelledMandates.nextAttemptAt)
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(cancelledMandates)
    .set({
      attempts: sql`${cancelledMandates.attempts} + 1`,
      nextAttemptAt: new Date(now.getTime() + LEASE_MINUTES * 60_000),
    })
    .where(sql`(${cancelledMandates.provider}, ${cancelledMandates.mandateId}) in ${due}`)
    .returning();
}

const LEASE_MINUTES = 10;

export async function markRevoked(db: Db, m: Pick<CancelledMandateRow, 'provider' | 'mandateId'>, now: Date) {
  await db
    .update(cancelledMandates)
    .set({ revokedAt: now })
    .where(and(eq(cancelledMandates.provider, m.provider), eq(cancelledMandates.mandateId, m.mandateId)));
}

/** A failed revocation is tried again later: 5 minutes after the first try, doubling, at most a day. */
export async function postponeRevocation(
  db: Db,
  m: Pick<CancelledMandateRow, 'provider' | 'mandateId' | 'attempts'>,
  now: Date,
) {
  const minutes = Math.min(5 * 2 ** Math.max(0, m.attempts - 1), 1440);
  await db
    .update(cancelledMandates)
    .set({ nextAttemptAt: new Date(now.getTime() + minutes * 60_000) })
    .where(and(eq(cancelledMandates.provider, m.provider), eq(cancelledMandates.mandateId, m.mandateId)));
}
