import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { type DispatchDeps, dispatchDueNotifications } from './notifications.service';
import { ensureUnsubscribeKey } from './unsubscribe-token';

/** Notification mails greet their recipient, and name the member who liked or wrote only in the text. */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
let deps: DispatchDeps;
beforeAll(async () => {
  deps = {
    db: db(),
    linkBase: { publicUrl: 'http://localhost:3000', defaultSiteDomain: 'localhost' },
    unsubscribeKey: await ensureUnsubscribeKey(db()),
    lookingSeconds: 360,
    pushEnabled: false,
  };
});

async function named(name: string, language = 'en'): Promise<TestMember> {
  const m = await createMember(ctx, domain, { language });
  await setProfile(db(), m.id, { name });
  return m;
}

/** The member's notifications are due now and the member was last seen an hour ago; then they are dispatched. */
async function dispatchNow(userId: number) {
  await db().execute(sql`update notifications set due_at = now() - interval '1 second'
    where user_id = ${userId} and status = 'pending'`);
  await db().execute(sql`update users set last_active_at = now() - interval '1 hour' where id = ${userId}`);
  await dispatchDueNotifications(deps, 20, new Date(), [userId]);
}

/** The notification mail to the member (the ones with List-Unsubscribe headers; not the activation mail). */
async function mailTo(email: string): Promise<{ subject: string; text: string; html: string }> {
  const [row] = await db()
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'mail'),
        sql`${outbox.payload}->>'to' = ${email} and ${outbox.payload} ? 'headers'`,
      ),
    )
    .orderBy(outbox.id);
  expect(row, `a mail to ${email}`).toBeDefined();
  return row!.payload as { subject: string; text: string; html: string };
}

const GREETING = { en: 'Hi', nl: 'Hoi' } as const;

describe('notification mails greet the recipient', () => {
  for (const language of ['en', 'nl'] as const) {
    it(`a like from Anna to Bram says "${GREETING[language]} Bram," and names Anna in the text (${language})`, async () => {
      const [anna, bram] = [await named('Anna'), await named('Bram', language)];
      expect(
        (await call(ctx, domain, 'POST', '/api/like.php', anna.cookie, { id: bram.id })).statusCode,
      ).toBe(200);
      await dispatchNow(bram.id);
      const mail = await mailTo(bram.email);
      expect(mail.text.split('\n')[0]).toBe(`${GREETING[language]} Bram,`);
      expect(mail.html).toContain(`>${GREETING[language]} Bram,</p>`);
      expect(mail.subject).toContain('Anna');
      expect(mail.text).not.toMatch(new RegExp(`^${GREETING[language]} Anna`, 'm'));
    });

    it(`a first message from Anna to Bram greets Bram (${language})`, async () => {
      const [anna, bram] = [await named('Anna'), await named('Bram', language)];
      const open = await call(ctx, domain, 'POST', '/api/conversation.php', anna.cookie, { member: bram.id });
      expect(open.statusCode, open.body).toBe(200);
      const sent = await call(ctx, domain, 'POST', '/api/message.php', anna.cookie, {
        conversation: open.json().conversation.id,
        kind: 'text',
        text: 'Hoi!',
        client_id: crypto.randomUUID(),
      });
      expect(sent.statusCode, sent.body).toBe(200);
      await dispatchNow(bram.id);
      const mail = await mailTo(bram.email);
      expect(mail.text.split('\n')[0]).toBe(`${GREETING[language]} Bram,`);
      expect(mail.text).toContain('Anna');
    });
  }
});
