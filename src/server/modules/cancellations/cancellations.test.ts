import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { cancellationSchema, cancelResponseSchema } from '../../../shared/schemas/cancellations';
import { createPaymentResponseSchema, creditsResponseSchema } from '../../../shared/schemas/payments';
import { cancelledMandates, contractCancellations, outbox } from '../../db/schema';
import { createMember, lastMail, lastMailLink, type TestMember, uniqueEmail } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile } from '../member-profile/member-profile.fixtures';
import { revokeDueMandates } from './cancellations.service';

/**
 * The cancel button (issue 23, point 4): a cancellation without a password, confirmed by the mailed link (or at once
 * for the member signed in with that address), stops the repeat order and revokes the mandate; parallel
 * confirmations stop it once; an address nobody uses gets the same answer and nothing else.
 */
let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;

async function member(): Promise<TestMember> {
  const m = await createMember(ctx, domain);
  await setProfile(db(), m.id, { country: 'NL' });
  return m;
}

/** A card payment paid on the test checkout page: it leaves a mandate, so a repeat order is offered. */
async function paidCard(m: TestMember): Promise<number> {
  const credits = creditsResponseSchema.parse(
    (await call(ctx, domain, 'GET', '/api/credits.php', m.cookie)).json(),
  );
  const res = await call(ctx, domain, 'POST', '/api/payment.php', m.cookie, {
    bundle_id: credits.bundles[0]!.id,
    method: 'visa',
  });
  expect(res.statusCode, res.body).toBe(200);
  const p = createPaymentResponseSchema.parse(res.json()).payment;
  const done = await ctx.app.inject({
    method: 'POST',
    url: new URL(p.checkout_url!).pathname,
    headers: { host: domain, 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=paid',
  });
  expect(done.statusCode).toBe(303);
  return p.id;
}

const repeatOffer = async (m: TestMember) =>
  (await call(ctx, domain, 'GET', '/api/repeat-order.php', m.cookie)).json().offer;

const form = (email: string, extra: object = {}) => ({
  name: 'Sanne de Vries',
  email,
  contract: 'all',
  reason: '',
  effective: 'next_possible',
  ...extra,
});

const cancel = (body: object, cookie?: string) => call(ctx, domain, 'POST', '/api/cancel.php', cookie, body);
const confirm = (token: string) => call(ctx, domain, 'POST', '/api/cancel-confirm.php', undefined, { token });
const mailsTo = async (email: string) =>
  db().select().from(outbox).where(sql`${outbox.payload}->>'to' = ${email}`);

describe('POST /api/cancel.php signed out, confirmed by the mailed link', () => {
  it('stops the repeat order, revokes the mandate and acknowledges with the date and time of receipt', async () => {
    const m = await member();
    await paidCard(m);
    expect(await repeatOffer(m)).not.toBeNull();

    const res = await cancel(form(m.email.toUpperCase()));
    expect(res.statusCode, res.body).toBe(200);
    const answer = cancelResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ state: 'confirm_by_email', effective_at: null });

    const link = await lastMailLink(ctx, m.email);
    expect(link).toMatch(/\/cancel\?token=[\w-]{40,}$/);
    const token = new URL(link).searchParams.get('token')!;
    // Not yet confirmed: nothing stopped, the stranger's declaration alone changes nothing.
    expect(await repeatOffer(m)).not.toBeNull();
    const shown = await call(ctx, domain, 'GET', `/api/cancel-confirm.php?token=${token}`);
    expect(cancellationSchema.parse(shown.json())).toMatchObject({ status: 'pending', contract: 'all' });

    const ok = await confirm(token);
    expect(ok.statusCode, ok.body).toBe(200);
    const done = cancellationSchema.parse(ok.json());
    expect(done).toMatchObject({ status: 'confirmed', mandates_stopped: 1, received_at: answer.received_at });
    expect(done.effective_at).toBe(answer.received_at);

    expect(await repeatOffer(m)).toBeNull();
    expect((await call(ctx, domain, 'POST', '/api/repeat-order.php', m.cookie, {})).statusCode).toBe(404);
    const [stopped] = await db().select().from(cancelledMandates).where(eq(cancelledMandates.userId, m.id));
    expect(stopped?.revokedAt).toBeInstanceOf(Date);

    const ack = await lastMail(ctx, m.email);
    expect(ack.subject).toBe('Confirmation of your cancellation');
    const received = new Intl.DateTimeFormat('en', {
      dateStyle: 'long',
      timeStyle: 'long',
      timeZone: 'UTC',
    }).format(new Date(answer.received_at));
    expect(ack.text).toContain(`Cancellation received: ${received}`);
    expect(ack.text).toContain('Payment authorisations stopped: 1 authorisation');
    expect(ack.text).toContain('Takes effect: next possible date (at once, on receipt)');
  });

  it('parallel confirmations stop the contract once and send one acknowledgment', async () => {
    const m = await member();
    await paidCard(m);
    await cancel(form(m.email));
    const token = new URL(await lastMailLink(ctx, m.email)).searchParams.get('token')!;
    const results = await Promise.all(Array.from({ length: 6 }, () => confirm(token)));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    for (const r of results) expect(r.json()).toMatchObject({ status: 'confirmed', mandates_stopped: 1 });
    const acks = (await mailsTo(m.email)).filter(
      (r) => (r.payload as { subject: string }).subject === 'Confirmation of your cancellation',
    );
    expect(acks).toHaveLength(1);
    const rows = await db()
      .select()
      .from(contractCancellations)
      .where(eq(contractCancellations.userId, m.id));
    expect(rows.map((r) => r.status)).toEqual(['confirmed']);
    expect(
      await db().select().from(cancelledMandates).where(eq(cancelledMandates.userId, m.id)),
    ).toHaveLength(1);
  });

  it('refuses an unknown, a changed or an expired link with 404 cancel_link_invalid', async () => {
    const m = await member();
    await cancel(form(m.email));
    const token = new URL(await lastMailLink(ctx, m.email)).searchParams.get('token')!;
    const wrong = await confirm(`${token.slice(0, -2)}xx`);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().error.code).toBe('cancel_link_invalid');
    await db()
      .update(contractCancellations)
      .set({
        expiresAt: sql`now() - interval '1 day'`,
        receivedAt: sql`now() - interval '4 days'`,
      })
      .where(eq(contractCancellations.userId, m.id));
    expect((await confirm(token)).statusCode).toBe(404);
    expect((await call(ctx, domain, 'GET', `/api/cancel-confirm.php?token=${token}`)).statusCode).toBe(404);
  });
});

describe('an address nobody uses', () => {
  it('gets the same answer as a member, and no row and no mail', async () => {
    const nobody = uniqueEmail('nobody');
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(contractCancellations);
    const res = await cancel(form(nobody));
    expect(res.statusCode).toBe(200);
    const known = await cancel(form((await member()).email));
    expect(Object.keys(res.json()).sort()).toEqual(Object.keys(known.json()).sort());
    expect(res.json()).toMatchObject({ state: 'confirm_by_email', effective_at: null });
    expect(known.json()).toMatchObject({ state: 'confirm_by_email', effective_at: null });
    expect(await mailsTo(nobody)).toHaveLength(0);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(contractCancellations);
    expect(after[0]!.n - before[0]!.n).toBe(1); // the member's only
  });

  it('a member receives at most three confirmation links a day; the form answers the same after that', async () => {
    const m = await member();
    for (let i = 0; i < 5; i += 1) {
      const res = await cancel(form(m.email));
      expect(res.json().state).toBe('confirm_by_email');
    }
    const links = (await mailsTo(m.email)).filter((r) =>
      (r.payload as { subject: string }).subject.startsWith('Confirm your cancellation'),
    );
    expect(links).toHaveLength(3);
  });
});

describe('signed in, and what a cancellation covers', () => {
  it('a member signed in with the typed address cancels at once, without a link', async () => {
    const m = await member();
    await paidCard(m);
    const res = await cancel(form(m.email), m.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled' });
    expect(res.json().effective_at).toBe(res.json().received_at);
    expect(await repeatOffer(m)).toBeNull();
    expect((await lastMail(ctx, m.email)).subject).toBe('Confirmation of your cancellation');
  });

  it('signed in but typing another address: that address confirms by mail, the signed-in member keeps theirs', async () => {
    const a = await member();
    const b = await member();
    await paidCard(a);
    await paidCard(b);
    const res = await cancel(form(b.email), a.cookie);
    expect(res.json().state).toBe('confirm_by_email');
    expect(await repeatOffer(a)).not.toBeNull();
    expect(await repeatOffer(b)).not.toBeNull();
  });

  it('direct debit only: a card mandate keeps its repeat order', async () => {
    const m = await member();
    await paidCard(m);
    const res = await cancel(form(m.email, { contract: 'direct_debit' }), m.cookie);
    expect(res.json().state).toBe('cancelled');
    expect(await repeatOffer(m)).not.toBeNull();
    const [row] = await db()
      .select()
      .from(contractCancellations)
      .where(eq(contractCancellations.userId, m.id));
    expect(row).toMatchObject({ contract: 'direct_debit', mandatesStopped: 0, via: 'session' });
  });

  it('a chosen later date: the repeat order stays until then, the provider revokes the mandate once it is due', async () => {
    const m = await member();
    await paidCard(m);
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    const res = await cancel(form(m.email, { effective: 'date', date: day }), m.cookie);
    expect(res.json()).toMatchObject({ state: 'cancelled', effective_at: `${day}T00:00:00.000Z` });
    expect(await repeatOffer(m)).not.toBeNull();
    const [pending] = await db().select().from(cancelledMandates).where(eq(cancelledMandates.userId, m.id));
    expect(pending?.revokedAt).toBeNull();
    // The day comes: the job revokes it, and the repeat order is gone.
    await db()
      .update(cancelledMandates)
      .set({ effectiveAt: sql`now() - interval '1 minute'` })
      .where(eq(cancelledMandates.userId, m.id));
    expect(await revokeDueMandates(db(), ctx.app.paymentProvider, { userId: m.id })).toBe(1);
    expect(await repeatOffer(m)).toBeNull();
  });

  it('refuses a date in the past or more than a year ahead, and a missing name', async () => {
    const m = await member();
    const past = await cancel(form(m.email, { effective: 'date', date: '2020-01-01' }));
    expect(past.statusCode).toBe(400);
    expect(JSON.stringify(past.json())).toContain('date');
    const far = new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10);
    expect((await cancel(form(m.email, { effective: 'date', date: far }))).statusCode).toBe(400);
    expect((await cancel(form(m.email, { name: '' }))).statusCode).toBe(400);
    const rows = await db()
      .select()
      .from(contractCancellations)
      .where(eq(contractCancellations.userId, m.id));
    expect(rows).toHaveLength(0);
  });

  it('needs the request-type header like every write', async () => {
    const m = await member();
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/cancel.php',
      headers: { host: domain },
      payload: form(m.email),
    });
    expect(res.statusCode).toBe(403);
    expect(await mailsTo(m.email)).toHaveLength(1); // the activation mail only
  });
});
