import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { outbox } from '../../db/schema';
import type { MailMessage } from '../../lib/mail/mailer';

type Tx = Pick<Db, 'insert'>;

/**
 * Queues a rendered mail; call inside the transaction of the event that causes it. `meta` is kept beside the
 * message (a notification's type, so a type turned off drops what is still queued of it).
 */
export async function enqueueMail(
  tx: Tx,
  userId: number | null,
  message: MailMessage,
  meta: Record<string, string> = {},
): Promise<void> {
  await tx.insert(outbox).values({ channel: 'mail', userId, payload: { ...message, ...meta } });
}

export interface ClaimedItem {
  id: number;
  channel: string;
  payload: Record<string, unknown>;
  attempts: number;
}

/**
 * Claims due items for sending: each claimed row is leased for 5 minutes (next_attempt_at moves ahead), so several
 * instances can run the sender without sending anything twice, and a crashed sender's items come back by themselves.
 */
export async function claimDue(db: Db, limit: number): Promise<ClaimedItem[]> {
  const result = await db.execute(sql`
    update outbox set attempts = attempts + 1, next_attempt_at = now() + interval '5 minutes'
    where id in (
      select id from outbox where status = 'pending' and next_attempt_at <= now()
      order by next_attempt_at, id limit ${limit} for update skip locked
    )
    returning id, channel, payload, attempts`);
  const rows = (result as unknown as { rows: ClaimedItem[] }).rows;
  return rows.map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts) }));
}

export async function markSent(db: Db, id: number): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'sent', sentAt: new Date(), lastError: null })
    .where(eq(outbox.id, id));
}

/** Closes an item that can never be sent (its push subscription is gone): status 'dropped', never retried. */
export async function markDropped(db: Db, id: number, reason: string): Promise<void> {
  await db
    .update(outbox)
    .set({ status: 'dropped', lastError: reason.slice(0, 500) })
    .where(eq(outbox.id, id));
}

export const MAX_ATTEMPTS = 12;

/** Exponential back-off: 30 s, 1 min, 2 min ... capped at 2 hours; after 12 attempts the item is marked failed. */
export async function markFailed(db: Db, id: number, attempts: number, error: string): Promise<void> {
  const delaySeconds = Math.min(30 * 2 ** (attempts - 1), 7_200);
  await db
    .update(outbox)
    .set({
      status: attempts >= MAX_ATTEMPTS ? 'failed' : 'pending',
      lastError: error.slice(0, 500),
      nextAttemptAt: new Date(Date.now() + delaySeconds * 1000),
    })
    .where(eq(outbox.id, id));
}

/** Newest mails and SMS of the outbox, for the development mailbox. */
export async function recentMails(db: Db, limit = 50, to?: string) {
  return db
    .select()
    .from(outbox)
    .where(
      and(inArray(outbox.channel, ['mail', 'sms']), to ? sql`${outbox.payload}->>'to' = ${to}` : undefined),
    )
    .orderBy(desc(outbox.id))
    .limit(limit);
}
