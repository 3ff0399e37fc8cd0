import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { AdminContractsResponse } from '../../../shared/schemas/admin-contracts';
import type { Db } from '../../db/client';
import { cancelledMandates, contractCancellations, withdrawals } from '../../db/schema';

const iso = (d: Date) => d.toISOString();
const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);
const OWED = new Set(['refund_pending', 'refund_failed']);

/**
 * A member's cancellations (newest first, with the mandates each stopped) and withdrawals (newest first) for the
 * console's member detail. Never the confirmation link's token (only its hash is stored, and not shown either).
 */
export async function loadMemberContracts(db: Db, userId: number): Promise<AdminContractsResponse> {
  const cancellations = await db
    .select()
    .from(contractCancellations)
    .where(eq(contractCancellations.userId, userId))
    .orderBy(desc(contractCancellations.receivedAt), desc(contractCancellations.id))
    .limit(200);
  const mandates =
    cancellations.length === 0
      ? []
      : await db
          .select()
          .from(cancelledMandates)
          .where(
            inArray(
              cancelledMandates.cancellationId,
              cancellations.map((c) => c.id),
            ),
          )
          .orderBy(asc(cancelledMandates.effectiveAt));
  const rows = await db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.userId, userId))
    .orderBy(desc(withdrawals.requestedAt), desc(withdrawals.id))
    .limit(200);
  return {
    cancellations: cancellations.map((c) => ({
      id: c.id,
      contract: c.contract,
      via: c.via,
      status: c.status,
      name: c.name,
      reason: c.reason,
      requested_date: c.requestedDate,
      received_at: iso(c.receivedAt),
      confirmed_at: isoOrNull(c.confirmedAt),
      effective_at: isoOrNull(c.effectiveAt),
      link_expires_at: c.status === 'pending' ? isoOrNull(c.expiresAt) : null,
      mandates: mandates
        .filter((m) => m.cancellationId === c.id)
        .map((m) => ({
          method: m.method,
          effective_at: iso(m.effectiveAt),
          revoked_at: isoOrNull(m.revokedAt),
        })),
    })),
    withdrawals: rows.map((w) => ({
      id: w.id,
      payment_id: w.paymentId,
      requested_at: iso(w.requestedAt),
      status: w.status,
      credits_taken: w.creditsTaken,
      refund_minor: w.refundMinor,
      currency: w.currency,
      immediate_start: w.immediateStart,
      refunded_at: isoOrNull(w.refundedAt),
      attempts: w.attempts,
      next_attempt_at: OWED.has(w.status) ? iso(w.nextAttemptAt) : null,
    })),
  };
}
