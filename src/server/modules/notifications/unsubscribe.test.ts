import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../shared/rules';
import { notificationPreferences, notifications, outbox, users } from '../../db/schema';
import { translate } from '../../i18n/translate';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { type DispatchDeps, dispatchDueNotifications } from './notifications.service';
import { multipartFields } from './unsubscribe.routes';
import { ensureUnsubscribeKey, unsubscribeToken } from './unsubscribe-token';

/**
 * Issue 27, point 17: every notification mail's unsubscribe link (text part, HTML part, List-Unsubscribe header)
 * works without logging in. Each kind of notification mail is made by the dispatcher, and its links are followed
 * through the app as a mail reader would: no cookie, no request-type header.
 */
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

const member = (language = 'en') => createMember(ctx, domain, { language });

interface MailPayload {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  notification_type: NotificationType;
}

/** The member's notifications are due, and the member is not looking at the site. */
async function dispatchNow(userId: number) {
  await db().execute(sql`update notifications set due_at = now() - interval '1 second'
    where user_id = ${userId} and status = 'pending'`);
  await db().execute(sql`update users set last_active_at = now() - interval '1 hour' where id = ${userId}`);
  await dispatchDueNotifications(deps, 20, new Date(), [userId]);
}

async function notificationMails(userId: number): Promise<MailPayload[]> {
  const rows = await db()
    .select()
    .from(outbox)
    .where(and(eq(outbox.channel, 'mail'), eq(outbox.userId, userId), sql`${outbox.payload} ? 'headers'`))
    .orderBy(outbox.id);
  return rows.map((r) => r.payload as unknown as MailPayload);
}

const queue = (userId: number, type: NotificationType, eventKey: string, payload: Record<string, unknown>) =>
  db().insert(notifications).values({ userId, type, eventKey, payload });

const emailOn = (m: TestMember, type: NotificationType) =>
  call(ctx, domain, 'PUT', '/api/notifications.php', m.cookie, { type, channel: 'email', enabled: true });

async function emailPreference(userId: number, type: NotificationType): Promise<boolean | undefined> {
  const [row] = await db()
    .select()
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.userId, userId),
        eq(notificationPreferences.type, type),
        eq(notificationPreferences.channel, 'email'),
      ),
    );
  return row?.enabled;
}

async function mailDisabled(userId: number): Promise<string[]> {
  const [row] = await db()
    .select({ reasons: users.notificationsDisabled })
    .from(users)
    .where(eq(users.id, userId));
  return row!.reasons;
}

/** The three unsubscribe addresses of a mail: the text part's, the HTML part's and the List-Unsubscribe header's. */
function unsubscribeLinks(mail: MailPayload, locale: 'en' | 'nl' = 'en') {
  const label = translate(locale, 'mail.notify.unsubscribe');
  const text = new RegExp(`^${label}: (\\S+)$`, 'm').exec(mail.text)?.[1];
  const html = new RegExp(`<a href="([^"]+)"[^>]*>${label}</a>`).exec(mail.html)?.[1]?.replace(/&amp;/g, '&');
  const header = /^<(https:\/\/[^>]+)>$/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1];
  return { text, html, header };
}

/** A request as a mail reader or mail client sends it: to the link's host, without cookie or client header. */
function follow(method: 'GET' | 'POST', link: string, body?: { type: string; payload: string }) {
  const url = new URL(link);
  return ctx.app.inject({
    method,
    url: url.pathname + url.search,
    headers: { host: url.host, ...(body ? { 'content-type': body.type } : {}) },
    ...(body ? { payload: body.payload } : {}),
  });
}

const ONE_CLICK = { type: 'application/x-www-form-urlencoded', payload: 'List-Unsubscribe=One-Click' };

/**
 * One mail of every notification type (and both kinds of reminder) for `b`, made as the site makes them: a like, a
 * conversation and a further message, the daily unread reminder, the weekly update, reminders and an operator's
 * news and promotion.
 */
async function everyKindOfMail(): Promise<{ recipients: TestMember[]; mails: MailPayload[] }> {
  const [a, b, c] = [await member(), await member(), await member()];
  await setProfile(db(), a.id, { name: 'Marisol' });
  expect((await call(ctx, domain, 'POST', '/api/like.php', a.cookie, { id: b.id })).statusCode).toBe(200);
  const open = await call(ctx, domain, 'POST', '/api/conversation.php', a.cookie, { member: b.id });
  const conversation = open.json().conversation.id as number;
  for (const text of ['Hi!', 'Are you there?'])
    expect(
      (
        await call(ctx, domain, 'POST', '/api/message.php', a.cookie, {
          conversation,
          kind: 'text',
          text,
          client_id: crypto.randomUUID(),
        })
      ).statusCode,
    ).toBe(200);
  for (const type of ['news', 'promotions'] as const) expect((await emailOn(b, type)).statusCode).toBe(200);
  await queue(b.id, 'unread_message_reminders', 'day:test', {});
  await queue(b.id, 'weekly_updates', 'week:test', {});
  await queue(b.id, 'reminders', 'time_bonus', { kind: 'time_bonus', path: '/credits' });
  await queue(c.id, 'reminders', 'photo', { kind: 'photo', path: '/profile' });
  const texts = {
    en: {
      subject: 'Something new',
      intro: 'Have a look.',
      button: 'Look',
      push_title: 'New',
      push_body: 'Look',
    },
  };
  await queue(b.id, 'news', 'broadcast:test-news', { path: '/match-finder', texts });
  await queue(b.id, 'promotions', 'broadcast:test-offer', { path: '/credits', texts });
  await dispatchNow(b.id);
  await dispatchNow(c.id);
  return {
    recipients: [b, c],
    mails: [...(await notificationMails(b.id)), ...(await notificationMails(c.id))],
  };
}

describe('the unsubscribe links of notification mails work without logging in', () => {
  it('every kind of mail links the page in its text and HTML parts and the header; the page asks, the one-click POST unsubscribes', async () => {
    const { recipients, mails } = await everyKindOfMail();
    // Every type, and both reminder kinds.
    expect(new Set(mails.map((m) => m.notification_type))).toEqual(new Set(NOTIFICATION_TYPES));
    expect(mails.filter((m) => m.notification_type === 'reminders')).toHaveLength(2);

    for (const mail of mails) {
      const owner = recipients.find((r) => r.email === mail.to)!;
      const type = mail.notification_type;
      const links = unsubscribeLinks(mail);
      const expected = `https://${domain}/unsubscribe?token=${unsubscribeToken(deps.unsubscribeKey, owner.id, type)}`;
      expect(links, type).toEqual({ text: expected, html: expected, header: expected });
      expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

      // The text and HTML links open the page, which names the e-mails it would turn off and changes nothing.
      const before = { reasons: await mailDisabled(owner.id), on: await emailPreference(owner.id, type) };
      for (const link of [links.text!, links.html!]) {
        const page = await follow('GET', link);
        expect(page.statusCode, `${type} ${page.body}`).toBe(200);
        expect(page.headers['content-type']).toContain('text/html');
        expect(page.body).toContain(
          translate('en', 'unsubscribe.question', { type: translate('en', `unsubscribe.types.${type}`) }),
        );
        expect(page.body).toContain('method="post"');
      }
      expect({ reasons: await mailDisabled(owner.id), on: await emailPreference(owner.id, type) }).toEqual(
        before,
      );
      expect(before.on).not.toBe(false);

      // The mail client's one-click POST to the header's address (RFC 8058).
      const oneClick = await follow('POST', links.header!, ONE_CLICK);
      expect(oneClick.statusCode, `${type} ${oneClick.body}`).toBe(200);
      expect(await emailPreference(owner.id, type)).toBe(false);
      expect(await mailDisabled(owner.id)).toContain('listunsubscribe');
    }
  });

  it("the page's button turns off only that type's e-mail (the page says so), without a session", async () => {
    const [a, b] = [await member(), await member('nl')];
    await call(ctx, domain, 'POST', '/api/like.php', a.cookie, { id: b.id });
    await dispatchNow(b.id);
    const [mail] = await notificationMails(b.id);
    const page = await follow('GET', unsubscribeLinks(mail!, 'nl').text!);
    expect(page.body).toContain('Wil je geen e-mails meer ontvangen over likes?');
    // The form as a browser sends it.
    const action = /<form method="post" action="([^"]+)">/.exec(page.body)![1]!.replace(/&amp;/g, '&');
    const fields = [...page.body.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]+)">/g)];
    const done = await follow('POST', `https://${domain}${action}`, {
      type: 'application/x-www-form-urlencoded',
      payload: new URLSearchParams(fields.map((f) => [f[1]!, f[2]!])).toString(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['content-type']).toContain('text/html');
    expect(done.body).toContain(
      translate('nl', 'unsubscribe.done', { type: translate('nl', 'unsubscribe.types.like') }),
    );
    expect(await emailPreference(b.id, 'like')).toBe(false);
    // Only likes: other notification mail still goes out.
    expect(await mailDisabled(b.id)).toEqual([]);
    expect(await emailPreference(b.id, 'new_messages')).toBeUndefined();
  });

  it('takes the one-click POST as multipart/form-data too (what RFC 8058 recommends)', async () => {
    const m = await member();
    const token = unsubscribeToken(deps.unsubscribeKey, m.id, 'weekly_updates');
    const boundary = '----amora-test-boundary';
    const res = await follow('POST', `https://${domain}/unsubscribe?token=${token}`, {
      type: `multipart/form-data; boundary=${boundary}`,
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    expect(await emailPreference(m.id, 'weekly_updates')).toBe(false);
    expect(await mailDisabled(m.id)).toEqual(['listunsubscribe']);
  });

  it('links of mails sent before (/api/unsubscribe.php) lead to the page, and their one-click still works', async () => {
    const m = await member();
    const token = unsubscribeToken(deps.unsubscribeKey, m.id, 'like');
    const old = await follow('GET', `https://${domain}/api/unsubscribe.php?token=${token}`);
    expect(old.statusCode).toBe(303);
    expect(old.headers.location).toBe(`/unsubscribe?token=${token}`);
    expect((await follow('GET', `https://${domain}${old.headers.location}`)).statusCode).toBe(200);
    expect(await emailPreference(m.id, 'like')).toBeUndefined();
    const post = await follow('POST', `https://${domain}/api/unsubscribe.php?token=${token}`, ONE_CLICK);
    expect(post.statusCode).toBe(200);
    expect(await emailPreference(m.id, 'like')).toBe(false);
  });

  it('refuses a forged or foreign token on the page and the POST, and changes nothing', async () => {
    const m = await member();
    const forged = `${m.id}.like.${'A'.repeat(32)}`;
    const other = unsubscribeToken(deps.unsubscribeKey, m.id + 1_000_000, 'like').replace(
      `${m.id + 1_000_000}.`,
      `${m.id}.`,
    );
    for (const token of [forged, other]) {
      expect((await follow('GET', `https://${domain}/unsubscribe?token=${token}`)).statusCode).toBe(404);
      const post = await follow('POST', `https://${domain}/unsubscribe?token=${token}`, ONE_CLICK);
      expect(post.statusCode).toBe(404);
      expect(post.json().error.code).toBe('unsubscribe_link_invalid');
    }
    expect(await emailPreference(m.id, 'like')).toBeUndefined();
    expect(await mailDisabled(m.id)).toEqual([]);
  });
});

describe('multipartFields', () => {
  it('reads the plain fields of a multipart body', () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nOne\r\n--b\r\ncontent-disposition: form-data; name="List-Unsubscribe"\r\nContent-Type: text/plain\r\n\r\nOne-Click\r\n--b--\r\n';
    expect(multipartFields(body, 'multipart/form-data; boundary=b')).toEqual({
      a: 'One',
      'List-Unsubscribe': 'One-Click',
    });
    expect(multipartFields(body, 'multipart/form-data')).toEqual({});
  });
});
