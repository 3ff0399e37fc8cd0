import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blocks, reports } from '../../db/schema';
import { createMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile, startConversation } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;
const member = () => createMember(ctx, domain);

describe('/api/report.php', () => {
  it('stores a report for moderation; with block, blocks in the same step', async () => {
    const a = await member();
    const b = await member();
    const res = await call(ctx, domain, 'POST', '/api/report.php', a.cookie, {
      member: b.id,
      reason: 'scam',
      comment: 'Asked me for money',
      source: 'profile',
    });
    expect(res.json()).toEqual({ ok: true, blocked: false });
    const stored = await db().select().from(reports).where(eq(reports.reporterId, a.id));
    expect(stored).toMatchObject([
      { reportedId: b.id, reason: 'scam', comment: 'Asked me for money', status: 'open' },
    ]);

    const conv = await startConversation(db(), b.id, a.id);
    const blocked = await call(ctx, domain, 'POST', '/api/report.php', a.cookie, {
      member: b.id,
      reason: 'harassment',
      source: 'chat',
      block: true,
    });
    expect(blocked.json()).toEqual({ ok: true, blocked: true });
    expect(await db().select().from(blocks).where(eq(blocks.blockerId, a.id))).toHaveLength(1);
    const [second] = await db()
      .select()
      .from(reports)
      .where(and(eq(reports.reporterId, a.id), eq(reports.reason, 'harassment')));
    expect(second).toMatchObject({ reporterId: a.id, conversationId: conv, source: 'chat' });
  });

  it('a chat partner who went invisible can still be reported; strangers one cannot see cannot', async () => {
    const a = await member();
    const b = await member();
    await startConversation(db(), b.id, a.id);
    await setProfile(db(), b.id, { invisible: true, status: 'disabled' });
    const ok = await call(ctx, domain, 'POST', '/api/report.php', a.cookie, {
      member: b.id,
      reason: 'fake',
      source: 'chat',
    });
    expect(ok.statusCode).toBe(200);
    const hidden = await member();
    await setProfile(db(), hidden.id, { status: 'disabled' });
    const res = await call(ctx, domain, 'POST', '/api/report.php', a.cookie, {
      member: hidden.id,
      reason: 'spam',
      source: 'profile',
    });
    expect(res.statusCode).toBe(404);
    for (const body of [
      { member: a.id, reason: 'spam', source: 'profile' },
      { member: b.id, reason: 'boring', source: 'profile' },
      { member: b.id, reason: 'spam', source: 'email' },
    ])
      expect((await call(ctx, domain, 'POST', '/api/report.php', a.cookie, body)).statusCode).toBe(400);
    expect((await call(ctx, domain, 'POST', '/api/report.php', undefined, { member: b.id })).statusCode).toBe(
      403,
    );
  });
});
