import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema';
import { SmtpMailer } from '../lib/mail/mailer';
import { enqueueMail } from '../modules/outbox/outbox.repo';
import { uniqueEmail } from '../test/factories';
import { buildTestApp, type TestContext } from '../test/test-app';
import { startTestSmtp } from '../test/test-smtp';
import { sendDueOutbox } from './outbox-sender';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

/**
 * On a shared PostgreSQL the outbox also holds other tests' mails (no sender runs in tests): put this test's mail
 * first in line, so the sender's batch claims it.
 */
async function firstInLine(to: string): Promise<void> {
  await ctx.database.db.execute(
    sql`update outbox set next_attempt_at = 'epoch' where payload->>'to' = ${to}`,
  );
}

/** This test's mail, wherever it is in the (possibly shared) outbox. */
async function mailTo(to: string) {
  const [row] = await ctx.database.db.select().from(outbox).where(sql`${outbox.payload}->>'to' = ${to}`);
  return row!;
}

describe('outbox sender over real SMTP', () => {
  it('delivers a queued mail to an SMTP server, with HTML and text parts', async () => {
    const { port, received, close } = await startTestSmtp();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${port}`);
    const to = uniqueEmail('smtp');
    await enqueueMail(ctx.database.db, null, {
      to,
      from: 'Amora <noreply@amora.example>',
      subject: 'Hello there',
      html: '<p>Hi</p>',
      text: 'Hi',
    });
    await firstInLine(to);
    expect(await sendDueOutbox(ctx.database.db, mailer)).toBeGreaterThanOrEqual(1);
    const got = received.find((r) => r.to.includes(to));
    expect(got?.data).toContain('Subject: Hello there');
    expect(got?.data).toContain('text/html');
    expect(got?.data).toContain('text/plain');
    expect((await mailTo(to)).status).toBe('sent');
    mailer.close();
    await close();
  });

  it('keeps a mail while the server is down and sends it once the server is back', async () => {
    const { port, close } = await startTestSmtp();
    await close();
    const down = new SmtpMailer(`smtp://127.0.0.1:${port}`);
    const to = uniqueEmail('retry');
    await enqueueMail(ctx.database.db, null, {
      to,
      from: 'a@b.example',
      subject: 'Retry me',
      html: '<p>x</p>',
      text: 'x',
    });
    await firstInLine(to);
    await sendDueOutbox(ctx.database.db, down);
    const pending = await mailTo(to);
    expect(pending.status).toBe('pending');
    expect(pending.attempts).toBe(1);
    expect(pending.lastError).toBeTruthy();
    expect(pending.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());

    const up = await startTestSmtp();
    const mailer = new SmtpMailer(`smtp://127.0.0.1:${up.port}`);
    await firstInLine(to);
    await sendDueOutbox(ctx.database.db, mailer);
    expect(up.received.some((r) => r.to.includes(to))).toBe(true);
    const sent = await mailTo(to);
    expect(sent.status).toBe('sent');
    expect(sent.attempts).toBe(2);
    down.close();
    mailer.close();
    await up.close();
  });
});
