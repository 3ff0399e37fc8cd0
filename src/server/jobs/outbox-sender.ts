import type { Db } from '../db/client';
import type { Mailer, MailMessage } from '../lib/mail/mailer';
import { claimDue, MAX_ATTEMPTS, markDropped, markFailed, markSent } from '../modules/outbox/outbox.repo';

/**
 * Sends one outbox item of its channel. Throw to retry later (the outbox backs off); throw a `DropOutboxItem` when
 * retrying can never succeed (a push subscription the push service says is gone): the item is closed as dropped.
 */
export type ChannelSender = (payload: Record<string, unknown>) => Promise<void>;

/** The senders by outbox channel ('mail', 'sms', 'push'). A channel without a sender is retried, then failed. */
export type ChannelSenders = Readonly<Record<string, ChannelSender>>;

export class DropOutboxItem extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DropOutboxItem';
  }
}

/** The mail channel: the payload is a rendered MailMessage. */
export const mailSender =
  (mailer: Mailer): ChannelSender =>
  (payload) =>
    mailer.send(payload as unknown as MailMessage);

/** What became of one claimed outbox item: sent, to be retried after a back-off, failed for good, or dropped. */
export type OutboxOutcome = 'sent' | 'retry' | 'failed' | 'dropped';

/**
 * Sends what is due in the outbox; returns how many items were sent. `observe` hears each item's outcome (the
 * metrics: a run that sends nothing because SMTP is down still ends "ok", so the failures are counted per item).
 */
export async function sendDueOutbox(
  db: Db,
  senders: ChannelSenders | Mailer,
  log: (msg: string) => void = () => {},
  observe: (channel: string, outcome: OutboxOutcome) => void = () => {},
): Promise<number> {
  const byChannel: ChannelSenders = 'send' in senders ? { mail: mailSender(senders as Mailer) } : senders;
  const items = await claimDue(db, 20);
  let sent = 0;
  for (const item of items) {
    try {
      const send = byChannel[item.channel];
      if (!send) throw new Error(`no sender for channel ${item.channel}`);
      await send(item.payload);
      await markSent(db, item.id);
      sent += 1;
      observe(item.channel, 'sent');
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof DropOutboxItem) {
        log(`outbox item ${item.id} dropped: ${message}`);
        await markDropped(db, item.id, message);
        observe(item.channel, 'dropped');
        continue;
      }
      log(`outbox item ${item.id} attempt ${item.attempts} failed: ${message}`);
      await markFailed(db, item.id, item.attempts, message);
      observe(item.channel, item.attempts >= MAX_ATTEMPTS ? 'failed' : 'retry');
    }
  }
  return sent;
}
