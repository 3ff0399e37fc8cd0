import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { conversationSchema, sendMessageResponseSchema } from '../../../shared/schemas/chat';
import { messagesSinceResponseSchema } from '../../../shared/schemas/chat-since';
import { messages } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setUser } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

async function openId(m: TestMember, memberId: number): Promise<number> {
  const res = await call(ctx, domain, 'POST', '/api/conversation.php', m.cookie, { member: memberId });
  expect(res.statusCode, res.body).toBe(200);
  return conversationSchema.parse(res.json().conversation).id;
}
async function sendOk(m: TestMember, conversation: number, text: string) {
  const res = await call(ctx, domain, 'POST', '/api/message.php', m.cookie, {
    conversation,
    client_id: randomUUID(),
    kind: 'text',
    text,
  });
  expect(res.statusCode, res.body).toBe(200);
  return sendMessageResponseSchema.parse(res.json()).message;
}
async function since(m: TestMember, after: number, limit?: number) {
  const q = limit ? `&limit=${limit}` : '';
  const res = await call(ctx, domain, 'GET', `/api/messages-since.php?after=${after}${q}`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return messagesSinceResponseSchema.parse(res.json());
}

describe('GET /api/messages-since.php: catch-up after a reconnect in one call', () => {
  it('answers what arrived after the last id seen, in every conversation of the member, oldest first, once', async () => {
    const [a, b, c, outsider] = await Promise.all([
      createMember(ctx, domain),
      createMember(ctx, domain),
      createMember(ctx, domain),
      createMember(ctx, domain),
    ]);
    await setUser(ctx.database.db, a.id, { paidUser: true, credits: 1000 });
    await setUser(ctx.database.db, b.id, { paidUser: true, credits: 1000 });
    await setUser(ctx.database.db, c.id, { paidUser: true, credits: 1000 });
    await setUser(ctx.database.db, outsider.id, { paidUser: true, credits: 1000 });
    const ab = await openId(a, b.id);
    const ac = await openId(a, c.id);
    const seen = await sendOk(a, ab, 'before the drop');
    // While A is away: B and C write, A's own other tab writes too; a conversation A is not part of moves on.
    const other = await openId(b, outsider.id);
    const m1 = await sendOk(b, ab, 'one');
    await sendOk(outsider, other, 'not for A');
    const m2 = await sendOk(c, ac, 'two');
    const m3 = await sendOk(a, ab, 'three (own tab)');
    const m4 = await sendOk(b, ab, 'four');

    const all = await since(a, seen.id);
    expect(all.messages.map((m) => m.id)).toEqual([m1.id, m2.id, m3.id, m4.id]);
    expect(all.messages.map((m) => m.conversation_id)).toEqual([ab, ac, ab, ab]);
    expect(all.messages.find((m) => m.id === m3.id)?.mine).toBe(true);
    expect(all.has_more).toBe(false);

    // Paged by limit: nothing twice, nothing skipped.
    const first = await since(a, seen.id, 3);
    expect(first.has_more).toBe(true);
    const rest = await since(a, first.messages.at(-1)!.id, 3);
    expect([...first.messages, ...rest.messages].map((m) => m.id)).toEqual([m1.id, m2.id, m3.id, m4.id]);
    expect(rest.has_more).toBe(false);

    // The outsider's conversation never shows; a message removed by moderation or held never reaches A.
    await ctx.database.db.update(messages).set({ removedAt: new Date() }).where(eq(messages.id, m2.id));
    await ctx.database.db.update(messages).set({ held: true }).where(eq(messages.id, m4.id));
    expect((await since(a, seen.id)).messages.map((m) => m.id)).toEqual([m1.id, m3.id]);
    expect((await since(outsider, 0)).messages.map((m) => m.conversation_id)).toEqual([other]);
  });

  it('needs a session and a valid id', async () => {
    const anon = await call(ctx, domain, 'GET', '/api/messages-since.php?after=0');
    expect(anon.statusCode).toBe(403);
    const m = await createMember(ctx, domain);
    const bad = await call(ctx, domain, 'GET', '/api/messages-since.php?after=-1', m.cookie);
    expect(bad.statusCode).toBe(400);
  });
});
