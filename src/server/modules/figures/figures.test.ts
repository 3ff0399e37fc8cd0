import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { photos, reports, sites, users } from '../../db/schema';
import { CLIENT, createMember, type TestMember } from '../../test/factories';
import { signInStaff } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { paidPayment, sendMessage } from '../data-export/data-export.fixtures';
import { addPhoto } from '../member-profile/member-profile.fixtures';
import { csvField, toCsv } from './csv';
import { messagesQuery, type Period, signupsQuery } from './figures.repo';
import { recordVisit } from './traffic.repo';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const at = (day: string, time = '12:00:00') => new Date(`${day}T${time}Z`);
const INJECTED = '=HYPERLINK("http://x.example","click")';

let siteId: number;
let admin: Record<string, string>;
const m: TestMember[] = [];

async function setUser(id: number, signup: string, confirmed: string | null) {
  await db()
    .update(users)
    .set({
      signupDate: at(signup, '08:00:00'),
      emailConfirmedAt: confirmed ? at(confirmed, '23:59:00') : null,
    })
    .where(eq(users.id, id));
}

/**
 * On this file's own site, in March 2025 (UTC): four members (two on the 10th, one on the 11th, one on the 12th, the
 * last with tracking data), payments on each day in EUR and DKK, three messages, a report, a queued photo, visits.
 */
beforeAll(async () => {
  const [site] = await db().select().from(sites).where(eq(sites.domain, domain));
  siteId = site!.id;
  admin = await signInStaff(ctx.app, 'admin');
  for (let i = 0; i < 3; i++) m.push(await createMember(ctx, domain));
  m.push(await createMember(ctx, domain, { tracking: { network: 'adnet', ref: 'r1', sub1: INJECTED } }));
  await setUser(m[0]!.id, '2025-03-10', '2025-03-10');
  await setUser(m[1]!.id, '2025-03-10', '2025-03-11');
  await setUser(m[2]!.id, '2025-03-11', null);
  await setUser(m[3]!.id, '2025-03-12', '2025-03-12');
  await paidPayment(db(), m[0]!.id, { amountMinor: 1_995, currency: 'EUR', paidAt: at('2025-03-10') });
  await paidPayment(db(), m[0]!.id, { amountMinor: 995, currency: 'EUR', paidAt: at('2025-03-11') });
  await paidPayment(db(), m[1]!.id, {
    amountMinor: 14_900,
    currency: 'DKK',
    paidAt: at('2025-03-11', '23:30:00'),
  });
  await paidPayment(db(), m[3]!.id, {
    amountMinor: 1_995,
    currency: 'EUR',
    paidAt: at('2025-03-12', '00:00:01'),
  });
  await sendMessage(db(), m[0]!.id, m[1]!.id, 'one', { at: at('2025-03-10') });
  await sendMessage(db(), m[0]!.id, m[1]!.id, 'two', { at: at('2025-03-10', '23:59:59') });
  await sendMessage(db(), m[1]!.id, m[0]!.id, 'three', { at: at('2025-03-11', '00:00:00') });
  // Outside the period: not counted.
  await sendMessage(db(), m[1]!.id, m[0]!.id, 'later', { at: at('2025-03-13', '00:00:00') });
  await db()
    .insert(reports)
    .values({
      siteId,
      reporterId: m[0]!.id,
      reportedId: m[2]!.id,
      reason: 'spam',
      source: 'profile',
      createdAt: at('2025-03-11'),
    });
  const photo = await addPhoto(db(), m[2]!.id, { status: 'pending' });
  await db().update(photos).set({ review: 'queued' }).where(eq(photos.id, photo.id));
  const source = { network: 'adnet', ref: 'r1', sub1: INJECTED, sub2: '', sub3: '' };
  for (let i = 0; i < 3; i++) await recordVisit(db(), siteId, source, at('2025-03-12'));
  await recordVisit(db(), siteId, { ...source, network: 'othernet', sub1: '' }, at('2025-03-11'));
  await recordVisit(db(), siteId, { ...source, network: 'othernet', sub1: '' }, at('2025-03-14'));
});

const get = (url: string, headers = admin) => ctx.app.inject({ method: 'GET', url, headers });

describe('figures dashboard (issue 22, point 9)', () => {
  it('counts per UTC day of the site: signups, confirmations, first purchases, revenue per currency, messages, reports, queues', async () => {
    const res = await get(`/api/admin/figures.php?site=${siteId}&from=2025-03-10&to=2025-03-12`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.period).toEqual({ from: '2025-03-10', to: '2025-03-12', site: siteId });
    expect(body.days).toEqual([
      {
        day: '2025-03-10',
        signups: 2,
        confirmations: 1,
        first_purchases: 1,
        messages: 2,
        reports: 0,
        revenue: { EUR: 1995 },
      },
      {
        day: '2025-03-11',
        signups: 1,
        confirmations: 1,
        first_purchases: 1,
        messages: 1,
        reports: 1,
        revenue: { EUR: 995, DKK: 14900 },
      },
      {
        day: '2025-03-12',
        signups: 1,
        confirmations: 1,
        first_purchases: 1,
        messages: 0,
        reports: 0,
        revenue: { EUR: 1995 },
      },
    ]);
    expect(body.totals).toEqual({
      signups: 4,
      confirmations: 3,
      first_purchases: 3,
      messages: 3,
      reports: 1,
      revenue: { EUR: 4985, DKK: 14900 },
    });
    expect(body.queues).toEqual({ photos: 1, reports: 1 });
    expect(body.sites).toEqual(expect.arrayContaining([{ id: siteId, domain, name: expect.any(String) }]));
  });

  it('defaults to the last 14 days; refuses a reversed or too long period and an unknown site', async () => {
    const res = await get(`/api/admin/figures.php?site=${siteId}`);
    const body = res.json();
    expect(body.days).toHaveLength(14);
    expect(body.period.to).toBe(new Date().toISOString().slice(0, 10));
    expect((await get(`/api/admin/figures.php?from=2025-03-12&to=2025-03-10`)).statusCode).toBe(400);
    const long = await get(`/api/admin/figures.php?from=2024-01-01&to=2025-03-10`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('figures_period_invalid');
    expect((await get(`/api/admin/figures.php?from=2025-02-30&to=2025-03-10`)).statusCode).toBe(400);
    expect((await get('/api/admin/figures.php?site=999999999')).statusCode).toBe(404);
  });

  it('moderators and members are refused', async () => {
    const moderator = await signInStaff(ctx.app, 'moderator');
    expect((await get('/api/admin/figures.php', moderator)).statusCode).toBe(403);
    expect((await get('/api/admin/traffic.csv', moderator)).statusCode).toBe(403);
    expect((await get('/api/admin/traffic.php', { ...CLIENT, cookie: m[0]!.cookie })).statusCode).toBe(401);
  });
});

describe('traffic-source report', () => {
  const expected = [
    {
      network: '',
      ref: '',
      sub1: '',
      sub2: '',
      sub3: '',
      visits: 0,
      signups: 3,
      confirmations: 2,
      first_purchases: 2,
    },
    {
      network: 'adnet',
      ref: 'r1',
      sub1: INJECTED,
      sub2: '',
      sub3: '',
      visits: 3,
      signups: 1,
      confirmations: 1,
      first_purchases: 1,
    },
    {
      network: 'othernet',
      ref: 'r1',
      sub1: '',
      sub2: '',
      sub3: '',
      visits: 1,
      signups: 0,
      confirmations: 0,
      first_purchases: 0,
    },
  ];

  it('groups visits, signups, confirmations and first purchases by network, ref and sub1–sub3', async () => {
    const res = await get(`/api/admin/traffic.php?site=${siteId}&from=2025-03-10&to=2025-03-12`);
    expect(res.json().rows).toEqual(expected);
  });

  it('exports the report as CSV, escaped and safe from formulas', async () => {
    const res = await get(`/api/admin/traffic.csv?site=${siteId}&from=2025-03-10&to=2025-03-12`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="traffic-${domain}-2025-03-10-2025-03-12.csv"`,
    );
    expect(res.body).toBe(
      '\uFEFFnetwork,ref,sub1,sub2,sub3,visits,signups,confirmations,first_purchases\r\n' +
        ',,,,,0,3,2,2\r\n' +
        `adnet,r1,"'=HYPERLINK(""http://x.example"",""click"")",,,3,1,1,1\r\n` +
        'othernet,r1,,,,1,0,0,0\r\n',
    );
  });

  it('escapes CSV fields', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(' padded')).toBe('" padded"');
    expect(csvField('-1+1')).toBe("'-1+1");
    expect(csvField('@cmd')).toBe("'@cmd");
    expect(csvField(-5)).toBe('-5');
    expect(toCsv(['a', 'b'], [[1, 'x;y']])).toBe('a,b\r\n1,"x;y"\r\n');
  });

  it('counts a visit with tracking parameters reported by the web app, and nothing without them', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const visit = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/visit.php',
        headers: { host: domain, ...CLIENT },
        payload: body,
      });
    expect((await visit({ network: 'webnet', sub2: 'b' })).statusCode).toBe(204);
    expect((await visit({ network: 'webnet', sub2: 'b' })).statusCode).toBe(204);
    expect((await visit({ sub1: 'no network' })).statusCode).toBe(204);
    const rows = (await get(`/api/admin/traffic.php?site=${siteId}&from=${today}&to=${today}`)).json().rows;
    expect(rows).toContainEqual(expect.objectContaining({ network: 'webnet', sub2: 'b', visits: 2 }));
    expect(rows.some((r: { sub1: string }) => r.sub1 === 'no network')).toBe(false);
    // CSRF: the request-type header is needed as on every state-changing call.
    const bare = await ctx.app.inject({
      method: 'POST',
      url: '/api/visit.php',
      headers: { host: domain },
      payload: { network: 'x' },
    });
    expect(bare.statusCode).toBe(403);
  });

  it.runIf(process.env.DATABASE_URL)(
    'reads messages and sign-ups through their indexes (EXPLAIN on PostgreSQL)',
    async () => {
      await db().execute(sql`analyze messages, users`);
      const p: Period = { from: '2025-03-10', to: '2025-03-12', siteIds: [siteId] };
      const explain = (q: ReturnType<typeof messagesQuery>) =>
        db().transaction(async (tx) => {
          await tx.execute(sql`set local enable_seqscan = off`);
          const res = (await tx.execute(sql`explain ${q}`)) as unknown as {
            rows: { 'QUERY PLAN': string }[];
          };
          return res.rows.map((r) => r['QUERY PLAN']).join('\n');
        });
      // By the site's members (an index on sender_id) or by the period (the BRIN on created_at), as the statistics say:
      // never the whole table.
      const messagesPlan = await explain(messagesQuery(p));
      expect(messagesPlan).toMatch(/(Index|Index Only|Bitmap Index) Scan (using|on) messages_\w+/);
      expect(messagesPlan).not.toMatch(/Seq Scan on messages/);
      expect(await explain(signupsQuery(p))).toMatch(
        /Index (Only )?Scan using users_site_signup_idx|Bitmap Index Scan on users_site_signup_idx/,
      );
    },
  );
});
