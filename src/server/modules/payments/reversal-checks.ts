import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { paymentProviderCursors, payments } from '../../db/schema';
import type { Applied } from './apply-payment';
import { syncPayment } from './payments.service';
import { claimAndSync } from './payments-recheck';
import {
  type PaymentProvider,
  type ProviderChargeback,
  ProviderUnavailableError,
} from './providers/provider';

/**
 * Credits that follow the money both ways without a webhook (issue 26, point 3). Mollie's webhook page does not
 * promise a call for a chargeback, for its reversal or for a refund that fails, so two checks run on a schedule
 * (jobs/scheduler.ts chargebackScanJob) and apply what they find exactly as a webhook would (syncPayment: the payment
 * fetched, then applied under its row lock; the ledger's keys make every change once):
 * - scanChargebacks: the provider's new chargebacks, newest first back to where the last scan stopped (a cursor in
 *   payment_provider_cursors), each one's payment synced, oldest first, the cursor moved on after each;
 * - recheckReversals: refunded or charged-back payments fetched again every RULES.payments.reversalRecheckHours, to
 *   see a refund that ended failed or canceled or a chargeback that was reversed.
 */

const CHARGEBACKS = 'chargebacks';
/** Mollie's largest page. */
const PAGE_SIZE = 250;
/** How long one scan holds the cursor; another instance waits until then. */
const LEASE_SECONDS = 300;

const windowStart = () => new Date(Date.now() - RULES.payments.chargebackWindowDays * 86_400_000);

/** The provider's chargebacks after the cursor, oldest first (or, on the first scan, those of the window). */
async function newChargebacks(
  list: NonNullable<PaymentProvider['listChargebacks']>,
  cursor: { lastId: string | null; lastCreatedAt: Date | null },
  pageSize: number,
): Promise<ProviderChargeback[]> {
  const horizon = cursor.lastCreatedAt ?? windowStart();
  const found: ProviderChargeback[] = [];
  let from: string | undefined;
  for (;;) {
    const page = await list({ from, limit: pageSize });
    for (const chargeback of page.chargebacks) {
      if (chargeback.id === cursor.lastId || chargeback.createdAt < horizon) return found.reverse();
      found.push(chargeback);
    }
    if (page.nextFrom === null) return found.reverse();
    from = page.nextFrom;
  }
}

/**
 * One scan of the provider's chargebacks (a provider without a chargebacks list has nothing to scan). Only one
 * instance scans at a time (a lease on the cursor row). A provider that cannot be reached stops the scan where it
 * is: the cursor stays at the last chargeback handled, and the next scan carries on from there.
 */
export async function scanChargebacks(
  db: Db,
  provider: PaymentProvider,
  pageSize = PAGE_SIZE,
): Promise<Applied[]> {
  const list = provider.listChargebacks?.bind(provider);
  if (!list) return [];
  const key = and(
    eq(paymentProviderCursors.provider, provider.name),
    eq(paymentProviderCursors.name, CHARGEBACKS),
  );
  await db
    .insert(paymentProviderCursors)
    .values({ provider: provider.name, name: CHARGEBACKS, leasedUntil: new Date(0) })
    .onConflictDoNothing();
  const [cursor] = await db
    .update(paymentProviderCursors)
    .set({ leasedUntil: sql`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where(and(key, lte(paymentProviderCursors.leasedUntil, sql`now()`)))
    .returning();
  if (!cursor) return [];
  const changed: Applied[] = [];
  const failures: unknown[] = [];
  try {
    for (const chargeback of await newChargebacks(list, cursor, pageSize)) {
      try {
        const applied = await syncPayment(db, provider, chargeback.paymentId);
        if (applied) changed.push(applied);
      } catch (err) {
        // Unreachable: stop here, the next scan starts with this chargeback again.
        if (err instanceof ProviderUnavailableError) throw err;
        // Anything else (an answer we cannot read) must not hold up every later chargeback: reported, passed.
        failures.push(err);
      }
      await db
        .update(paymentProviderCursors)
        .set({ lastId: chargeback.id, lastCreatedAt: chargeback.createdAt, updatedAt: sql`now()` })
        .where(
          and(
            key,
            or(
              isNull(paymentProviderCursors.lastCreatedAt),
              lte(paymentProviderCursors.lastCreatedAt, chargeback.createdAt),
            ),
          ),
        );
    }
  } finally {
    await db.update(paymentProviderCursors).set({ leasedUntil: sql`now()` }).where(key);
  }
  if (failures.length > 0)
    throw new AggregateError(failures, 'chargeback scan: payments that could not be applied');
  return changed;
}

/**
 * Refunded or charged-back payments paid within the chargeback window whose next look is due are claimed (their
 * next look moved on in the same statement, so instances never take the same one) and synced.
 */
export function recheckReversals(db: Db, provider: PaymentProvider, limit = 50): Promise<Applied[]> {
  return claimAndSync(
    db,
    provider,
    sql`${payments.status} in ('paid', 'refunded', 'charged_back')
      and (${payments.refundedMinor} > 0 or ${payments.chargedBackMinor} > 0)
      and ${payments.paidAt} > ${windowStart().toISOString()}::timestamptz`,
    sql`now() + make_interval(hours => ${RULES.payments.reversalRecheckHours})`,
    limit,
  );
}
