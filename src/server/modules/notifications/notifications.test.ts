import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TIMING } from '../../../shared/rules';
import { notificationPreferencesSchema } from '../../../shared/schemas/notifications';
import { notifications, outbox, pushSubscriptions, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { enqueueBroadcast } from './broadcast';
import { isoWeek, sweepReminders, sweepUnreadReminders, sweepWeeklyUpdates } from './notification-sweeps';
import { markVisible } from './notifications.repo';
import { type DispatchDeps, dispatchDueNotifications } from './notifications.service';
import { ensureUnsubscribeKey, unsubscribeToken } from './unsubscribe-token';

const SECRET = 'mail-events-secret-for-tests-0123456789';
let ctx: TestContext;
let domain: string;
withTestSite(
  (c, d) => {
    ctx = c;
    domain = d;
  },
  { MAIL_EVENTS_SECRET: SECRET },
);

const db = () => ctx.database.db;
let deps: DispatchDeps;
beforeAll(async () => {
  deps = {
    db: db(),
    linkBase: { publicUrl: 'http://localhost:3000', defaultSiteDomain: 'localhost' },
    unsubscribeKey: await ensureUnsubscribeKey(db()),
    lookingSeconds: 360,
    pushEnabled: true,
  };
});

const member = (input: { language?: string } = {}) => createMember(ctx, domain, input);
const like = (m: TestMember, id: number) => call(ctx, domain, 'POST', '/api/like.php', m.cookie, { id });

/**
 * This test's notifications are due now (the types' delays would make the test wait), and the member was last seen
 * an hour ago (a member who just signed up or made a request is looking at the site).
 */
async function dueNow(userId: number) {
  await db().execute(sql`update notifications set due_at = now() - interval '1 second'
    where user_id = ${userId} and status = 'pending'`);
  await db().execute(sql`update users set last_active_at = now() - interval '1 hour' where id = ${userId}`);
}
/** Runs the dispatcher for these members only (the shared test database holds other files' rows). */
const dispatch = (...ids: number[]) => dispatchDueNotifications(deps, 20, new Date(), ids);

const rowsOf = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(notifications.id);

async function mailsTo(email: string) {
  return db()
    .select()
    .from(outbox)
    .where(
      and(
        eq(outbox.channel, 'mail'),
        sql`${outbox.payload}->>'to' = ${email} and ${outbox.payload} ? 'headers'`,
      ),
    )
    .orderBy(outbox.id);
}

async function setName(m: TestMember, name: string) {
  await setProfile(db(), m.id, { name });
}

describe('preferences: GET and PUT /api/notifications.php', () => {
  it('needs a session', async () => {
    const res = await call(ctx, domain, 'GET', '/api/notifications.php');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });

  it('answers the defaults: consent types off, channels a type lacks null; a change is saved at once', async () => {
    const m = await member();
    const res = await call(ctx, domain, 'GET', '/api/notifications.php', m.cookie);
    expect(res.statusCode).toBe(200);
    const state = notificationPreferencesSchema.parse(res.json());
    expect(state.preferences.like).toEqual({ email: true, push: true });
    expect(state.preferences.promotions).toEqual({ email: false, push: false });
    expect(state.preferences.news).toEqual({ email: false, push: null });
    expect(state.preferences.weekly_updates.push).toBeNull();
    expect(state.email_disabled).toEqual([]);

    const put = await call(ctx, domain, 'PUT', '/api/notifications.php', m.cookie, {
      type: 'like',
      channel: 'email',
      enabled: false,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().preferences.like).toEqual({ email: false, push: true });
    const again = await call(ctx, domain, 'GET', '/api/notifications.php', m.cookie);
    expect(again.json().preferences.like.email).toBe(false);
  });

  it('refuses a channel the type does not use (400), in the member language', async () => {
    const m = await member();
    const res = await call(ctx, domain, 'PUT', '/api/notifications.php', m.cookie, {
      type: 'news',
      channel: 'push',
      enabled: true,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('notification_channel_not_offered');
  });
});

describe('likes and messages: e-mail once, with one-click unsubscribe', () => {
  it('a like is written once per liker (like, unlike, like again) and mailed with List-Unsubscribe headers', async () => {
    const [a, b] = [await member(), await member()];
    await setName(a, 'Marisol');
    expect((await like(a, b.id)).statusCode).toBe(200);
    await call(ctx, domain, 'DELETE', '/api/like.php', a.cookie, { id: b.id });
    expect((await like(a, b.id)).statusCode).toBe(200);
    const rows = await rowsOf(b.id);
    expect(rows.map((r) => [r.type, r.eventKey])).toEqual([['like', `liker:${a.id}`]]);
    // Not due before the type's delay.
    expect((await dispatch(b.id)).handled).toBe(0);

    await dueNow(b.id);
    expect(await dispatch(b.id)).toEqual({ handled: 1, sent: 1 });
    const [mail] = await mailsTo(b.email);
    const payload = mail!.payload as {
      subject: string;
      text: string;
      html: string;
      headers: Record<string, string>;
    };
    expect(payload.subject).toBe('Marisol likes you');
    expect(payload.text).toContain('/likes/received');
    expect(payload.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(payload.headers['List-Unsubscribe']).toBe(
      `<https://${domain}/unsubscribe?token=${unsubscribeToken(deps.unsubscribeKey, b.id, 'like')}>`,
    );
    expect(payload.html).toContain('/notifications');
    const [row] = await rowsOf(b.id);
    expect(row!.status).toBe('sent');
    expect(row!.channels).toEqual(['email']);
    // Nothing left: a second run sends nothing.
    expect((await dispatch(b.id)).handled).toBe(0);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });

  it('a member who turned the type off, or is looking at the site, gets nothing; the hidden beacon ends looking', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await call(ctx, domain, 'PUT', '/api/notifications.php', b.cookie, {
      type: 'like',
      channel: 'email',
      enabled: false,
    });
    await like(a, b.id);
    await dueNow(b.id);
    await dispatch(b.id);
    expect((await rowsOf(b.id))[0]).toMatchObject({ status: 'skipped', reason: 'preference_off' });

    await markVisible(db(), c.id);
    await like(a, c.id);
    await dueNow(c.id);
    await dispatch(c.id);
    expect((await rowsOf(c.id))[0]).toMatchObject({ status: 'skipped', reason: 'looking' });

    // The beacon: an empty JSON body with the client header. Then a new like is mailed.
    const hidden = await call(ctx, domain, 'POST', '/api/page-hidden.php', c.cookie, {});
    expect(hidden.statusCode).toBe(204);
    const d = await member();
    await like(d, c.id);
    await dueNow(c.id);
    await dispatch(c.id);
    expect((await rowsOf(c.id))[1]).toMatchObject({ status: 'sent' });
  });

  it('a message read within the delay is not mailed; an unread one is, in the member language', async () => {
    const [a, b] = [await member(), await member({ language: 'nl' })];
    await setName(a, 'Jorieke');
    const open = await call(ctx, domain, 'POST', '/api/conversation.php', a.cookie, { member: b.id });
    expect(open.statusCode).toBe(200);
    const conversation = open.json().conversation.id as number;
    const send = (text: string) =>
      call(ctx, domain, 'POST', '/api/message.php', a.cookie, {
        conversation,
        kind: 'text',
        text,
        client_id: crypto.randomUUID(),
      });
    const first = await send('Hoi!');
    expect(first.statusCode, first.body).toBe(200);
    expect((await rowsOf(b.id)).map((r) => r.type)).toEqual(['new_conversations']);
    // B reads it before it is due.
    expect(
      (await call(ctx, domain, 'POST', '/api/chat-read.php', b.cookie, { conversation })).statusCode,
    ).toBe(200);
    await dueNow(b.id);
    await dispatch(b.id);
    expect((await rowsOf(b.id))[0]).toMatchObject({ status: 'skipped', reason: 'nothing_new' });

    expect((await send('Ben je er nog?')).statusCode).toBe(200);
    const rows = await rowsOf(b.id);
    expect(rows[1]!.type).toBe('new_messages');
    await dueNow(b.id);
    await dispatch(b.id);
    const [mail] = await mailsTo(b.email);
    expect((mail!.payload as { subject: string }).subject).toBe('Een nieuw bericht van Jorieke');
    expect((mail!.payload as { text: string }).text).toContain(`/chats/${conversation}`);
  });

  it('folds events within the type gap into one later message', async () => {
    const [a, c, d, b] = [await member(), await member(), await member(), await member()];
    await like(a, b.id);
    await dueNow(b.id);
    await dispatch(b.id);
    await like(c, b.id);
    await like(d, b.id);
    await dueNow(b.id);
    await dispatch(b.id);
    const rows = await rowsOf(b.id);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'pending', 'pending']);
    expect(rows[1]!.dueAt.getTime()).toBeGreaterThan(Date.now() + 3_000_000);
    // The gap passes (moved back in the database instead of waiting): the two new likes go out as one message.
    await db().execute(sql`update notifications set processed_at = processed_at - interval '2 hours'
      where user_id = ${b.id} and status = 'sent'`);
    await dueNow(b.id);
    await dispatch(b.id);
    const mails = await mailsTo(b.email);
    expect(mails).toHaveLength(2);
    expect((mails[1]!.payload as { subject: string }).subject).toBe('2 members like you');
  });

  it('never tells about a member who blocked the recipient or deleted the account', async () => {
    const [a, b] = [await member(), await member()];
    await like(a, b.id);
    await db().update(users).set({ status: 'deleted', deletedAt: new Date() }).where(eq(users.id, a.id));
    await dueNow(b.id);
    await dispatch(b.id);
    expect((await rowsOf(b.id))[0]).toMatchObject({ status: 'skipped', reason: 'nothing_new' });
    expect(await mailsTo(b.email)).toHaveLength(0);
  });

  it('two dispatchers racing for the same rows send once', async () => {
    const [a, b] = [await member(), await member()];
    await like(a, b.id);
    await dueNow(b.id);
    const results = await Promise.all([dispatch(b.id), dispatch(b.id), dispatch(b.id)]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBe(1);
    expect(await mailsTo(b.email)).toHaveLength(1);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('turns the type e-mail off with a form POST from the mail client, without cookie or client header', async () => {
    const m = await member();
    const token = unsubscribeToken(deps.unsubscribeKey, m.id, 'like');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe.php?token=${token}`,
      headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    const state = (await call(ctx, domain, 'GET', '/api/notifications.php', m.cookie)).json();
    expect(state.preferences.like.email).toBe(false);
    expect(state.preferences.new_messages.email).toBe(true);
    expect(state.email_disabled).toEqual(['listunsubscribe']);
  });

  it('refuses a forged token and shows a page that asks before unsubscribing', async () => {
    const m = await member({ language: 'nl' });
    const forged = `${m.id}.like.${'A'.repeat(32)}`;
    const bad = await ctx.app.inject({
      method: 'POST',
      url: `/api/unsubscribe.php?token=${forged}`,
      headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(bad.statusCode).toBe(404);
    const token = unsubscribeToken(deps.unsubscribeKey, m.id, 'news');
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/unsubscribe?token=${token}`,
      headers: { host: domain },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Wil je geen e-mails meer ontvangen over nieuws?');
    expect(page.body).toContain('method="post"');
    // Looking at the page changes nothing.
    const state = (await call(ctx, domain, 'GET', '/api/notifications.php', m.cookie)).json();
    expect(state.email_disabled).toEqual([]);
  });
});

describe('bounces and complaints: POST /api/mail-events.php', () => {
  const post = (auth: string | undefined, body: object) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/mail-events.php',
      headers: { host: domain, ...(auth ? { authorization: auth } : {}) },
      payload: body,
    });

  it('refuses a wrong or missing secret (401) and changes nothing', async () => {
    const m = await member();
    for (const auth of [undefined, 'Bearer wrong', `Bearer ${SECRET}x`]) {
      const res = await post(auth, { events: [{ type: 'bounce', email: m.email }] });
      expect(res.statusCode).toBe(401);
    }
    const [row] = await db().select().from(users).where(eq(users.id, m.id));
    expect(row!.notificationsDisabled).toEqual([]);
  });

  it('a hard bounce and a complaint turn mail off with their reason; soft bounces do not; the member turns it back on', async () => {
    const [m, n] = [await member(), await member()];
    const res = await post(`Bearer ${SECRET}`, {
      events: [
        { type: 'bounce', email: m.email.toUpperCase(), permanent: false },
        { type: 'bounce', email: m.email },
        { type: 'complaint', email: n.email },
        { type: 'bounce', email: 'nobody-here@example.test' },
      ],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().applied).toBe(2);
    const user = (await call(ctx, domain, 'GET', '/api/user.php', m.cookie)).json().user;
    expect(user.notifications_disabled).toEqual(['bounce']);
    const state = (await call(ctx, domain, 'GET', '/api/notifications.php', n.cookie)).json();
    expect(state.email_disabled).toEqual(['fbl']);

    // Mail is not sent while it is off.
    const a = await member();
    await like(a, m.id);
    await dueNow(m.id);
    await dispatch(m.id);
    expect(await mailsTo(m.email)).toHaveLength(0);

    const back = await call(ctx, domain, 'POST', '/api/notifications-mail.php', m.cookie, {});
    expect(back.statusCode).toBe(200);
    expect(back.json().email_disabled).toEqual([]);
  });
});

describe('push', () => {
  it('queues one push per subscription with the type TTL and urgency, and the screen to open', async () => {
    const [a, b] = [await member(), await member()];
    await setName(a, 'Odile');
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: b.id,
        endpoint: `https://push.example.net/${b.id}`,
        keys: { p256dh: 'k', auth: 'a' },
      });
    await like(a, b.id);
    await dueNow(b.id);
    await dispatch(b.id);
    const [push] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.channel, 'push'), eq(outbox.userId, b.id)));
    expect(push!.payload).toMatchObject({
      endpoint: `https://push.example.net/${b.id}`,
      ttl: 86_400,
      urgency: 'normal',
      data: { title: 'Odile likes you', url: '/likes/received', type: 'like' },
    });
    expect((await rowsOf(b.id))[0]!.channels).toEqual(['email', 'push']);
  });

  it('the client header is required for the beacon like for every other state change', async () => {
    const m = await member();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: domain, cookie: m.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/page-hidden.php',
      headers: { host: domain, cookie: m.cookie, ...CLIENT },
      payload: {},
    });
    expect(ok.statusCode).toBe(204);
  });
});

describe('news and promotions (operator broadcasts)', () => {
  it('go only to members who turned the type on, once per key, in their language or the fallback', async () => {
    const [yes, no, dutch] = [await member(), await member(), await member({ language: 'de' })];
    for (const m of [yes, dutch])
      await call(ctx, domain, 'PUT', '/api/notifications.php', m.cookie, {
        type: 'news',
        channel: 'email',
        enabled: true,
      });
    const message = {
      type: 'news',
      key: `launch-${yes.id}`,
      path: '/match-finder',
      domain,
      texts: {
        en: {
          subject: 'Meet the match finder',
          intro: 'Four questions, and we show who fits you best.',
          button: 'Try it',
          push_title: 'New: the match finder',
          push_body: 'Four questions, your best matches.',
        },
        nl: {
          subject: 'Maak kennis met de matchfinder',
          intro: 'Vier vragen, en we laten zien wie het best bij je past.',
          button: 'Probeer het',
          push_title: 'Nieuw: de matchfinder',
          push_body: 'Vier vragen, je beste matches.',
        },
      },
    };
    expect(await enqueueBroadcast(db(), message)).toBe(2);
    expect(await enqueueBroadcast(db(), message)).toBe(0);
    expect(await rowsOf(no.id)).toEqual([]);
    for (const m of [yes, dutch]) {
      await dueNow(m.id);
      await dispatch(m.id);
    }
    const [en] = await mailsTo(yes.email);
    expect((en!.payload as { subject: string }).subject).toBe('Meet the match finder');
    expect((en!.payload as { text: string }).text).toContain('/match-finder');
    // German was not written: the fallback (nl) is used.
    const [de] = await mailsTo(dutch.email);
    expect((de!.payload as { subject: string }).subject).toBe('Maak kennis met de matchfinder');
    await expect(enqueueBroadcast(db(), { ...message, key: 'Bad Key' })).rejects.toThrow();
  });
});

describe('sweeps: unread reminders, the weekly update, reminders', () => {
  it('reminds of messages unread for a day once a day; nothing for a member who read them', async () => {
    const [a, b] = [await member(), await member()];
    const open = await call(ctx, domain, 'POST', '/api/conversation.php', a.cookie, { member: b.id });
    const conversation = open.json().conversation.id as number;
    await call(ctx, domain, 'POST', '/api/message.php', a.cookie, {
      conversation,
      kind: 'text',
      text: 'Hello?',
      client_id: crypto.randomUUID(),
    });
    await db().execute(sql`update conversation_members set last_message_at = now() - interval '1 day'
      where user_id = ${b.id}`);
    const tomorrow = new Date(Date.now() + 86_400_000);
    await sweepUnreadReminders(db(), tomorrow);
    await sweepUnreadReminders(db(), tomorrow);
    const rows = (await rowsOf(b.id)).filter((r) => r.type === 'unread_message_reminders');
    expect(rows.map((r) => r.eventKey)).toEqual([`day:${tomorrow.toISOString().slice(0, 10)}`]);
    await dueNow(b.id);
    await dispatch(b.id);
    const mails = await mailsTo(b.email);
    expect(mails.map((m) => (m.payload as { subject: string }).subject)).toContain(
      'You have an unread message',
    );
    expect(await rowsOf(a.id)).toEqual([]);
  });

  it('the weekly update is queued on its weekday and skipped when there is nothing new', async () => {
    const m = await member();
    await db().execute(sql`update users set last_active_at = now() - interval '3 days' where id = ${m.id}`);
    const weekday = new Date();
    weekday.setUTCDate(
      weekday.getUTCDate() + ((7 + NOTIFICATION_TIMING.weeklyWeekday - weekday.getUTCDay()) % 7),
    );
    const other = new Date(weekday.getTime() + 86_400_000);
    expect(await sweepWeeklyUpdates(db(), other)).toBe(0);
    await sweepWeeklyUpdates(db(), weekday);
    const [row] = (await rowsOf(m.id)).filter((r) => r.type === 'weekly_updates');
    expect(row!.eventKey).toBe(`week:${isoWeek(weekday)}`);
  });

  // Two connections are needed to race the sweep against a removal: only on PostgreSQL (PGlite has one).
  it.runIf(process.env.DATABASE_URL)(
    'a sweep skips a member removed while it runs, instead of failing on the foreign key',
    async () => {
      const [gone, stays] = [await member(), await member()];
      await db().execute(sql`update users set last_active_at = now() - interval '3 days'
        where id in (${gone.id}, ${stays.id})`);
      const weekday = new Date();
      weekday.setUTCDate(
        weekday.getUTCDate() + ((7 + NOTIFICATION_TIMING.weeklyWeekday - weekday.getUTCDay()) % 7),
      );
      let commit!: () => void;
      const held = new Promise<void>((resolve) => (commit = resolve));
      let removed!: () => void;
      const isRemoved = new Promise<void>((resolve) => (removed = resolve));
      const removal = db().transaction(async (tx) => {
        await tx.execute(sql`delete from credit_ledger where user_id = ${gone.id}`);
        await tx.execute(sql`delete from users where id = ${gone.id}`);
        removed();
        await held;
      });
      await isRemoved;
      const sweep = sweepWeeklyUpdates(db(), weekday);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the sweep now waits on the removed row
      commit();
      await removal;
      await expect(sweep).resolves.toBeGreaterThanOrEqual(1);
      expect(await rowsOf(gone.id)).toEqual([]);
      expect((await rowsOf(stays.id)).map((r) => r.type)).toContain('weekly_updates');
    },
  );

  it('reminds a member without a photo a day after signup, once', async () => {
    const m = await member();
    await db().execute(sql`update users set signup_date = now() - interval '26 hours' where id = ${m.id}`);
    await sweepReminders(db());
    await sweepReminders(db());
    const rows = (await rowsOf(m.id)).filter((r) => r.type === 'reminders');
    expect(rows.map((r) => r.eventKey)).toEqual(['photo']);
    await dueNow(m.id);
    await dispatch(m.id);
    const [mail] = await mailsTo(m.email);
    expect((mail!.payload as { subject: string }).subject).toBe('Add a photo to your profile');
  });
});

describe('nothing more after a type is turned off or the account deleted', () => {
  it('drops queued notification mail of that type (an SMTP outage held it), and all of it on deletion', async () => {
    const [a, c, b] = [await member(), await member(), await member()];
    await like(a, b.id);
    await dueNow(b.id);
    await dispatch(b.id);
    const [queued] = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, b.id), sql`${outbox.payload}->>'notification_type' = 'like'`));
    expect(queued!.status).toBe('pending');
    await call(ctx, domain, 'PUT', '/api/notifications.php', b.cookie, {
      type: 'like',
      channel: 'email',
      enabled: false,
    });
    const [dropped] = await db().select().from(outbox).where(eq(outbox.id, queued!.id));
    expect(dropped!.status).toBe('dropped');

    // A message notification queued, then the account deleted: dropped too; account mail stays.
    const open = await call(ctx, domain, 'POST', '/api/conversation.php', c.cookie, { member: b.id });
    await call(ctx, domain, 'POST', '/api/message.php', c.cookie, {
      conversation: open.json().conversation.id,
      kind: 'text',
      text: 'Hi there',
      client_id: crypto.randomUUID(),
    });
    await dueNow(b.id);
    await dispatch(b.id);
    const del = await call(ctx, domain, 'POST', '/api/account-delete.php', b.cookie, {
      password: b.password,
      reasons: [],
    });
    expect(del.statusCode, del.body).toBe(200);
    const left = await db()
      .select()
      .from(outbox)
      .where(and(eq(outbox.userId, b.id), eq(outbox.status, 'pending')));
    expect(left.every((row) => !('notification_type' in row.payload))).toBe(true);
    expect(left.length).toBeGreaterThan(0);
  });
});
