import type { Db } from '../db/client';
import type { Mailer, MailMessage } from '../lib/mail/mailer';
import { claimDue, markFailed, markSent } from '../modules/outbox/outbox.repo';

/** Sends what is due in the outbox; returns how many items were sent. */
export async function sendDueOutbox(
  db: Db,
  mailer: Mailer,
  log: (msg: string) => void = () => {},
): Promise<number> {
  const items = await claimDue(db, 20);
  let sent = 0;
  for (const item of items) {
    try {
      if (item.channel !== 'mail') throw new Error(`no sender for channel ${item.channel}`);
      await mailer.send(item.payload as unknown as MailMessage);
      await markSent(db, item.id);
      sent += 1;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      log(`outbox item ${item.id} attempt ${item.attempts} failed: ${message}`);
      await markFailed(db, item.id, item.attempts, message);
    }
  }
  return sent;
}
