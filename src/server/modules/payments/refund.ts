import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';
import type { Tx } from '../accounts/accounts.repo';
import type { Applied } from './apply-payment';
import { syncPayment } from './payments.service';
import type { PaymentProvider } from './providers/provider';

/**
 * An operator's refund (scripts/refund-payment.ts, and an admin's in the console: members-admin): asks the provider
 * to refund `amountMinor` (default: what is not refunded yet) of a paid payment, then syncs it at once, so the unspent
 * credits are taken back through the ledger like for a refund made in the provider's dashboard (which arrives by
 * webhook).
 */
export async function refundPayment(
  db: Db,
  provider: PaymentProvider,
  paymentId: number,
  amountMinor?: number,
  /** runs in the transaction that takes the credits back (the console's audit row: members-admin) */
  inTx?: (tx: Tx, applied: Applied) => Promise<void>,
): Promise<Applied | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.id, paymentId));
  if (!row || row.provider !== provider.name || !row.providerPaymentId)
    throw new Error(`no payment ${paymentId} at ${provider.name}`);
  if (row.status !== 'paid') throw new Error(`payment ${paymentId} is ${row.status}, not paid`);
  const amount = amountMinor ?? row.amountMinor - row.refundedMinor;
  if (!Number.isInteger(amount) || amount <= 0 || amount > row.amountMinor - row.refundedMinor)
    throw new Error(`refund amount must be 1..${row.amountMinor - row.refundedMinor} minor units`);
  await provider.createRefund(row.providerPaymentId, {
    amountMinor: amount,
    currency: row.currency,
    description: `Refund of payment #${row.id}`,
  });
  return syncPayment(db, provider, row.providerPaymentId, inTx);
}
