import { and, eq, inArray } from 'drizzle-orm';
import type { DirectDebitRequest } from '../../../shared/schemas/directdebit';
import type { Db } from '../../db/client';
import { directDebitRequests } from '../../db/schema';
import type { SmsOutcome } from '../../lib/sms/sms-sender';

/**
 * What became of a direct-debit code's SMS (issue 26, point 5; docs/payments.md "The SMS gateway"), kept on its
 * request row: the outbox sender records at once whether the gateway took it (and its message id) or refused it,
 * and Twilio's status callback (directdebit.sms-status.routes.ts) whether it was delivered. The member's page reads
 * it (`sms` of the request) and offers a resend or another method when the code cannot arrive.
 */

/** The SMS's `ref`: the request and which of its codes (sends), so a late report on an older code changes nothing. */
export const smsRef = (requestId: number, sends: number) => `directdebit:${requestId}:${sends}`;

function parseRef(ref: string): { id: number; sends: number } | undefined {
  const m = ref.match(/^directdebit:(\d{1,15}):(\d{1,4})$/);
  return m ? { id: Number(m[1]), sends: Number(m[2]) } : undefined;
}

/** The row's status as the member's page sees it. */
export function smsStateOf(status: string): DirectDebitRequest['sms'] {
  switch (status) {
    case 'sent':
    case 'delivered':
    case 'unavailable':
    case 'queued':
      return status;
    default:
      // undelivered, failed (Twilio's callback) and refused (the number, at once)
      return 'failed';
  }
}

/** The outbox sender's report (lib/sms/sms-sender.ts hooks.record), on the code it was sent for only. */
export async function recordSmsOutcome(db: Db, ref: string, outcome: SmsOutcome): Promise<void> {
  const target = parseRef(ref);
  if (!target) return;
  await db
    .update(directDebitRequests)
    .set(
      outcome.status === 'sent'
        ? { smsStatus: 'sent', smsSid: outcome.sid ?? null, smsError: null }
        : { smsStatus: outcome.status, smsError: outcome.code ?? null },
    )
    .where(
      and(
        eq(directDebitRequests.id, target.id),
        eq(directDebitRequests.sends, target.sends),
        eq(directDebitRequests.smsStatus, 'queued'),
      ),
    );
}

/** Twilio's message statuses that end a message's delivery, and what we keep of them. */
const FINAL: Record<string, 'delivered' | 'undelivered' | 'failed'> = {
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
};

/**
 * A verified status callback: the code's SMS `sid` was delivered, undelivered or failed (`errorCode`: Twilio's 30xxx).
 * Intermediate statuses (queued, sending, sent) change nothing; a final status is kept once (callbacks may come out
 * of order or twice). Returns whether a row changed.
 */
export async function recordDeliveryStatus(
  db: Db,
  report: { sid: string; status: string; errorCode: number | undefined },
): Promise<boolean> {
  const final = FINAL[report.status];
  if (!final) return false;
  const rows = await db
    .update(directDebitRequests)
    .set({ smsStatus: final, smsError: final === 'delivered' ? null : (report.errorCode ?? null) })
    .where(
      and(
        eq(directDebitRequests.smsSid, report.sid),
        inArray(directDebitRequests.smsStatus, ['queued', 'sent']),
      ),
    )
    .returning({ id: directDebitRequests.id });
  return rows.length > 0;
}
