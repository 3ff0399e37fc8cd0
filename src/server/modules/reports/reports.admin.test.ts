import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messages, outbox, reports } from '../../db/schema';
import { CLIENT, createMember, lastMail, uniqueEmail } from '../../test/factories';
import { signInStaff, signInStaffAs } from '../../test/staff';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, startConversation } from '../member-profile/member-profile.fixtures';
import { csvField, csvLine } from './transparency';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const admin = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const login = (email: string, password: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/user.php',
    headers: { host: domain, ...CLIENT },
    payload: { email, password },
  });
const mailsTo = async (email: string) =>
  (await db().select().from(outbox).orderBy(desc(outbox.id)).limit(200))
    .map((o) => o.payload as { to: string; subject: string; text: string })
    .filter((p) => p.to === email);

describe('the notice queue', () => {
  it('report from chat -> suspension -> statement on login -> appeal -> another moderator reverses', async () => {
    const reporter = await createMember(ctx, domain, { language: 'de' });
    const reported = await createMember(ctx, domain);
    const conv = await startConversation(db(), reported.id, reporter.id);
    const [msg] = await db().select().from(messages).where(eq(messages.conversationId, conv));
    const sent = await call(ctx, domain, 'POST', '/api/report.php', reporter.cookie, {
      member: reported.id,
      reason: 'scam',
      comment: 'Asked for money',
      source: 'chat',
      message: msg!.id,
    });
    expect(sent.statusCode).toBe(200);
    const [stored] = await db().select().from(reports).where(eq(reports.reporterId, reporter.id));
    // The evidence stays when the conversation goes.
    await db().delete(messages).where(eq(messages.conversationId, conv));

    const first = await signInStaffAs(ctx.app, 'moderator');
    const second = await signInStaffAs(ctx.app, 'moderator');
    // The queue is oldest first, so page through to this report.
    let item: Record<string, unknown> | undefined;
    for (let page = 1; !item && page < 50; page++) {
      const res = await admin('GET', `/api/admin/reports.php?page=${page}`, first.headers);
      expect(res.statusCode).toBe(200);
      const body = res.json() as { reports: { id: number }[] };
      if (body.reports.length === 0) break;
      item = body.reports.find((r) => r.id === stored!.id);
    }
    expect(item).toMatchObject({
      source: 'chat',
      target: 'message',
      reason: 'scam',
      message_id: msg!.id,
      reporter: { id: reporter.id, email: null, history: { reports_made: 1 } },
      reported: { id: reported.id, name: reported.name, restricted: null, history: { reports_received: 1 } },
      evidence: { messages: [{ id: msg!.id, body: 'Hello there', from_reported: true, reported: true }] },
    });

    // Two moderators act at once: one wins, the other gets 409.
    const action = {
      id: stored!.id,
      action: 'suspend',
      ground: 'terms.4.3',
      facts: 'Asked a member for money.',
      days: 7,
    };
    const results = await Promise.all([
      admin('POST', '/api/admin/reports.php', first.headers, action),
      admin('POST', '/api/admin/reports.php', second.headers, { ...action, action: 'ban' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? first : second;
    const other = winner === first ? second : first;

    // The member is suspended (or banned): login refused, the statement on the ban page.
    const refused = await login(reported.email, reported.password);
    expect(refused.statusCode).toBe(403);
    const token = refused.json().error.restriction as string;
    const page = (await call(ctx, domain, 'GET', `/api/restriction.php?t=${token}`)).json();
    expect(page.restricted).toMatch(/suspension|ban/);
    expect(page.decisions[0]).toMatchObject({
      facts: 'Asked a member for money.',
      automated: false,
      can_appeal: true,
    });

    // The reporter is told in German, without details about the other member.
    const told = await lastMail(ctx, reporter.email);
    expect(told.subject).toContain('wurde bearbeitet');
    expect(told.text).not.toContain(reported.name);

    // The member appeals; the first decider may not decide it, another moderator reverses it.
    const appealed = await call(ctx, domain, 'POST', '/api/appeal.php', undefined, {
      t: token,
      decision: page.decisions[0].id,
      statement: 'I only asked to split a dinner bill.',
    });
    expect(appealed.statusCode).toBe(200);
    const listed = (await admin('GET', '/api/admin/appeals.php', winner.headers)).json().appeals as {
      id: number;
      can_decide: boolean;
      decision: { id: number };
    }[];
    const appeal = listed.find((a) => a.decision.id === page.decisions[0].id)!;
    expect(appeal.can_decide).toBe(false);
    const refusedDecision = await admin('POST', '/api/admin/appeals.php', winner.headers, {
      id: appeal.id,
      outcome: 'reversed',
    });
    expect(refusedDecision.statusCode).toBe(403);
    expect(refusedDecision.json().error.code).toBe('appeal_same_decider');
    const decided = await admin('POST', '/api/admin/appeals.php', other.headers, {
      id: appeal.id,
      outcome: 'reversed',
      note: 'A misunderstanding.',
    });
    expect(decided.statusCode).toBe(200);
    expect(
      (await admin('POST', '/api/admin/appeals.php', other.headers, { id: appeal.id, outcome: 'upheld' }))
        .statusCode,
    ).toBe(409);
    expect((await login(reported.email, reported.password)).statusCode).toBe(200);
    expect((await lastMail(ctx, reported.email)).subject).toContain('was successful');
  });

  it('a visitor complaint is acknowledged, queued, dismissed and the sender told; rules of the form', async () => {
    const target = await createMember(ctx, domain);
    const email = uniqueEmail('visitor');
    const form = {
      name: 'Vera Visitor',
      email,
      url: `https://${domain}/members/${target.id}`,
      member: target.id,
      reason: 'copyright',
      statement: 'This profile uses my photos without my permission.',
      good_faith: true,
    };
    const headers = { host: domain, ...CLIENT, cookie: 'i18n_redirected=nl' };
    const res = await ctx.app.inject({ method: 'POST', url: '/api/complaint.php', headers, payload: form });
    expect(res.statusCode).toBe(200);
    const id = res.json().id as number;
    expect((await lastMail(ctx, email)).subject).toContain(`nr. ${id}`);
    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/complaint.php',
      headers,
      payload: { ...form, good_faith: false },
    });
    expect(bad.statusCode).toBe(400);

    const moderator = await signInStaff(ctx.app, 'moderator');
    const dismissed = await admin('POST', '/api/admin/reports.php', moderator, { id, action: 'dismiss' });
    expect(dismissed.json()).toEqual({ ok: true, decision: null });
    expect((await mailsTo(email))[0]?.subject).toContain('afgehandeld');
    const [row] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.id, id), eq(reports.status, 'handled')));
    expect(row).toMatchObject({ resolution: 'dismissed', source: 'complaint', reportedId: target.id });
    // A non-dismiss action needs a ground and facts.
    expect(
      (await admin('POST', '/api/admin/reports.php', moderator, { id, action: 'warn' })).statusCode,
    ).toBe(400);
  });

  it('transparency CSV for admins: notices, decisions, times and appeals of the period', async () => {
    const a = await createMember(ctx, domain);
    const b = await createMember(ctx, domain);
    await call(ctx, domain, 'POST', '/api/report.php', a.cookie, {
      member: b.id,
      reason: 'fake',
      source: 'profile',
    });
    const [r] = await db().select().from(reports).where(eq(reports.reporterId, a.id));
    const moderator = await signInStaff(ctx.app, 'moderator');
    await admin('POST', '/api/admin/reports.php', moderator, {
      id: r!.id,
      action: 'warn',
      ground: 'terms.3.1',
      facts: 'Photos of someone else.',
    });
    const today = new Date().toISOString().slice(0, 10);
    const url = `/api/admin/transparency.csv?from=${today}&to=${today}`;
    expect((await admin('GET', url, moderator)).statusCode).toBe(403);
    const adminHeaders = await signInStaff(ctx.app, 'admin');
    const csv = await admin('GET', url, adminHeaders);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.split('\r\n');
    expect(lines[0]).toBe('section,category,subcategory,detail,value');
    expect(lines).toContain(`period,${today},${today},,`);
    expect(lines.some((l) => /^notices,profile,fake,,\d+$/.test(l))).toBe(true);
    expect(lines.some((l) => /^decisions,warning,terms:terms\.3\.1,human,\d+$/.test(l))).toBe(true);
    expect(lines.some((l) => /^hours_to_action,actioned,median,,\d+\.\d\d$/.test(l))).toBe(true);
    const wrong = await admin('GET', `/api/admin/transparency.csv?from=${today}&to=2000-01-01`, adminHeaders);
    expect(wrong.statusCode).toBe(400);
  });

  it('CSV fields are escaped', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvField(-3)).toBe('-3');
    expect(csvField(null)).toBe('');
    expect(csvLine(['x', 1, true])).toBe('x,1,true\r\n');
  });
});
