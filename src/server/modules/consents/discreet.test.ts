import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { discreetStateSchema } from '../../../shared/schemas/consents';
import { outbox, pushSubscriptions, sites, testProviderPayments, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { type DispatchDeps, dispatchDueNotifications } from '../notifications/notifications.service';
import { ensureUnsubscribeKey } from '../notifications/unsubscribe-token';

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
    pushEnabled: true,
  };
});

const SENDER = 'Evangelina';
const TEXT = 'Meet me at the harbour at nine';

async function dueNow(userId: number) {
  await db().execute(sql`update notifications set due_at = now() - interval '1 second'
    where user_id = ${userId} and status = 'pending'`);
  await db().execute(sql`update users set last_active_at = now() - interval '1 hour' where id = ${userId}`);
}

/** A message from a member called SENDER to `to`, then its notification dispatched: the outbox rows for `to`. */
async function messageAndDispatch(from: TestMember, to: TestMember, siteDomain = domain) {
  await setProfile(db(), from.id, { name: SENDER });
  await db()
    .insert(pushSubscriptions)
    .values({
      userId: to.id,
      endpoint: `https://push.example.net/${to.id}`,
      keys: { p256dh: 'k', auth: 'a' },
    });
  const open = await call(ctx, siteDomain, 'POST', '/api/conversation.php', from.cookie, { member: to.id });
  expect(open.statusCode, open.body).toBe(200);
  const sent = await call(ctx, siteDomain, 'POST', '/api/message.php', from.cookie, {
    conversation: open.json().conversation.id,
    kind: 'text',
    text: TEXT,
    client_id: crypto.randomUUID(),
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await dueNow(to.id);
  await dispatchDueNotifications(deps, 20, new Date(), [to.id]);
  const rows = await db().select().from(outbox).where(eq(outbox.userId, to.id)).orderBy(outbox.id);
  const mail = rows.find((r) => r.channel === 'mail' && (r.payload as { headers?: unknown }).headers);
  const push = rows.find((r) => r.channel === 'push');
  expect(mail, 'a notification mail').toBeDefined();
  expect(push, 'a push').toBeDefined();
  return {
    mail: mail!.payload as { subject: string; html: string; text: string },
    push: push!.payload as { data: Record<string, string> },
  };
}

describe('discreet mode: GET/PUT /api/discreet.php', () => {
  it('is off by default on a site of an ordinary niche, on by default in she, bdsm and gay; the member chooses', async () => {
    const m = await createMember(ctx, domain);
    const get = async (who: TestMember, d = domain) =>
      discreetStateSchema.parse((await call(ctx, d, 'GET', '/api/discreet.php', who.cookie)).json());
    expect(await get(m)).toMatchObject({ discreet: false, chosen: false, site_default: false });

    for (const niche of [2, 3, 7]) {
      const site = await ctx.createSite({ niche });
      const member = await createMember(ctx, site.domain);
      expect(await get(member, site.domain)).toMatchObject({ discreet: true, site_default: true });
    }
    // The site's own default wins over the niche's.
    const gayOff = await ctx.createSite({ niche: 7, discreetDefault: false });
    expect(await get(await createMember(ctx, gayOff.domain), gayOff.domain)).toMatchObject({
      discreet: false,
    });

    const put = await call(ctx, domain, 'PUT', '/api/discreet.php', m.cookie, { discreet: true });
    expect(put.statusCode, put.body).toBe(200);
    expect(discreetStateSchema.parse(put.json())).toMatchObject({ discreet: true, chosen: true });
    const [u] = await db().select().from(users).where(eq(users.id, m.id));
    expect(u!.discreet).toBe(true);
  });
});

describe('discreet mode keeps names and message text out of push payloads and mail subjects and previews', () => {
  it('not discreet: the push and the mail subject name the sender (what discreet mode hides)', async () => {
    const [a, b] = [await createMember(ctx, domain), await createMember(ctx, domain)];
    const { mail, push } = await messageAndDispatch(a, b);
    expect(`${mail.subject} ${push.data.title}`).toContain(SENDER);
  });

  it('discreet: neutral subject, preview line, intro and push; no name, message text or site name', async () => {
    const [a, b] = [await createMember(ctx, domain), await createMember(ctx, domain, { language: 'de' })];
    expect(
      (await call(ctx, domain, 'PUT', '/api/discreet.php', b.cookie, { discreet: true })).statusCode,
    ).toBe(200);
    const [site] = await db().select().from(sites).where(eq(sites.domain, domain));
    const { mail, push } = await messageAndDispatch(a, b);
    expect(mail.subject).toBe('Du hast eine neue Nachricht');
    expect(push.data).toMatchObject({
      title: 'Neue Nachricht',
      body: 'Tippe zum Öffnen.',
      icon: '/icons/discreet-192.png',
      badge: '/icons/discreet-192.png',
    });
    // The hidden preview line comes first in the HTML and is neutral.
    expect(mail.html).toMatch(
      /<body[^>]*>\s*<div style="display:none[^"]*">Du hast eine neue Nachricht<\/div>/,
    );
    for (const part of [mail.subject, mail.text, JSON.stringify(push)]) {
      expect(part).not.toContain(SENDER);
      expect(part).not.toContain(TEXT);
    }
    expect(`${mail.subject} ${JSON.stringify(push.data)}`).not.toContain(site!.name);
  });

  it('a like in discreet mode (the gay niche by default) is "a new notification" without the liker', async () => {
    const site = await ctx.createSite({ niche: 7 });
    const [a, b] = [await createMember(ctx, site.domain), await createMember(ctx, site.domain)];
    await setProfile(db(), a.id, { name: SENDER });
    await db()
      .insert(pushSubscriptions)
      .values({
        userId: b.id,
        endpoint: `https://push.example.net/${b.id}`,
        keys: { p256dh: 'k', auth: 'a' },
      });
    expect((await call(ctx, site.domain, 'POST', '/api/like.php', a.cookie, { id: b.id })).statusCode).toBe(
      200,
    );
    await dueNow(b.id);
    await dispatchDueNotifications(deps, 20, new Date(), [b.id]);
    const rows = await db()
      .select()
      .from(outbox)
      .where(
        and(eq(outbox.userId, b.id), sql`(${outbox.payload} ? 'headers' or ${outbox.channel} = 'push')`),
      );
    expect(rows.map((r) => r.channel).sort()).toEqual(['mail', 'push']);
    for (const r of rows) expect(JSON.stringify(r.payload)).not.toContain(SENDER);
    const mail = rows.find((r) => r.channel === 'mail')!.payload as { subject: string };
    expect(mail.subject).toBe('You have a new notification');
  });
});

describe('billing descriptor', () => {
  it('the provider receives the site descriptor and our payment number as the description, never the product', async () => {
    const site = await ctx.createSite({ niche: 3, billingDescriptor: 'AMR Services' });
    const m = await createMember(ctx, site.domain);
    await setProfile(db(), m.id, { country: 'NL' });
    const credits = await call(ctx, site.domain, 'GET', '/api/credits.php', m.cookie);
    expect(credits.statusCode, credits.body).toBe(200);
    const bundleId = credits.json().bundles[0].id as number;
    const res = await call(ctx, site.domain, 'POST', '/api/payment.php', m.cookie, {
      bundle_id: bundleId,
      method: 'ideal',
    });
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().payment.id as number;
    const [row] = await db()
      .select()
      .from(testProviderPayments)
      .where(sql`${testProviderPayments.metadata}->>'payment_id' = ${String(paymentId)}`);
    expect(row!.description).toBe(`AMR Services ${paymentId}`);
    const state = discreetStateSchema.parse(
      (await call(ctx, site.domain, 'GET', '/api/discreet.php', m.cookie)).json(),
    );
    expect(state.billing_descriptor).toBe('AMR Services');
  });
});
