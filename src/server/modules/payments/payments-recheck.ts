import { and, asc, eq, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { Applied } from './apply-payment';
import { OPEN_STATUSES } from './payments.policy';
import { syncPayment } from './payments.service';
import type { PaymentProvider } from './providers/provider';

/**
 * The payments looked at again without a webhook: the re-check job for open payments, and the claim-and-sync step
 * that job and the reversal checks (reversal-checks.ts) share, safe on several instances at once.
 */

/** Backoff of the re-check job: a payment open for longer is looked at less often. */
function recheckDelaySql() {
  return sql`now() + least(interval '1 hour', greatest(interval '1 minute', (now() - ${payments.createdAt}) / 10))`;
}

/**
 * Claims up to `limit` payments of the provider that match `which` and whose next look is due, moving their next look
 * to `next` in the same statement (so instances never take the same one), then syncs each as its webhook would.
 * A payment the provider does not answer for stays claimed until `next`: the job after that tries again.
 */
export async function claimAndSync(
  db: Db,
  provider: PaymentProvider,
  which: SQL,
  next: SQL,
  limit: number,
): Promise<Applied[]> {
  const claimed = await db
    .update(payments)
    .set({ checkAfter: next as unknown as Date })
    .where(
      inArray(
        payments.id,
        db
          .select({ id: payments.id })
          .from(payments)
          .where(
            and(
              eq(payments.provider, provider.name),
              which,
              lte(payments.checkAfter, sql`now()`),
              sql`${payments.providerPaymentId} is not null`,
            ),
          )
          .orderBy(asc(payments.checkAfter))
          .limit(limit)
          // Another instance's claim in flight: skip its rows instead of waiting and claiming them as well.
          .for('update', { skipLocked: true }),
      ),
    )
    .returning({ providerPaymentId: payments.providerPaymentId });
  const changed: Applied[] = [];
  for (const c of claimed) {
    try {
      const applied = await syncPayment(db, provider, c.providerPaymentId as string);
      if (applied) changed.push(applied);
    } catch {
      // Unreachable: the next run tries again.
    }
  }
  return changed;
}

/** The re-check job: payments still open whose time has come are claimed and synced. Returns what changed. */
export function recheckOpenPayments(db: Db, provider: PaymentProvider, limit = 50): Promise<Applied[]> {
  return claimAndSync(db, provider, inArray(payments.status, [...OPEN_STATUSES]), recheckDelaySql(), limit);
}
