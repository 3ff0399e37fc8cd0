import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatsResponseSchema, conversationSchema } from '../../../shared/schemas/chat';
import { creditLedger, likes, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setUser } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});
const db = () => ctx.database.db;

async function openId(m: TestMember, memberId: number): Promise<number> {
  const res = await call(ctx, domain, 'POST', '/api/conversation.php', m.cookie, { member: memberId });
  expect(res.statusCode, res.body).toBe(200);
  return conversationSchema.parse(res.json().conversation).id;
}
const send = (m: TestMember, conversation: number, text = 'Hello there') =>
  call(ctx, domain, 'POST', '/api/message.php', m.cookie, {
    conversation,
    client_id: randomUUID(),
    kind: 'text',
    text,
  });
const unmatch = (m: TestMember, conversation: number) =>
  call(ctx, domain, 'POST', '/api/unmatch.php', m.cookie, { conversation });
async function conversation(m: TestMember, id: number) {
  const res = await call(ctx, domain, 'GET', `/api/conversation.php?id=${id}`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return conversationSchema.parse(res.json().conversation);
}
async function chatIds(m: TestMember) {
  const res = await call(ctx, domain, 'GET', '/api/chats.php', m.cookie);
  return chatsResponseSchema.parse(res.json()).chats.map((c) => c.conversation.id);
}
const like = (m: TestMember, id: number) => call(ctx, domain, 'POST', '/api/like.php', m.cookie, { id });

describe('unmatch', () => {
  it('ends the conversation for both: no message either way, the likes go, the partner sees it ended', async () => {
    const [a, b] = [await createMember(ctx, domain), await createMember(ctx, domain)];
    await setUser(db(), a.id, { paidUser: true, credits: 100 });
    expect((await like(a, b.id)).statusCode).toBe(200);
    expect((await like(b, a.id)).json().match).toBe(true);
    const id = await openId(a, b.id);
    expect((await send(a, id)).statusCode).toBe(200);
    expect((await send(a, id, 'Paid one')).statusCode).toBe(200);
    const creditsBefore = (await db().select().from(users).where(eq(users.id, a.id)))[0]!.credits;
    const ledger = () => db().select().from(creditLedger).where(eq(creditLedger.userId, a.id));
    const ledgerBefore = (await ledger()).length;

    // Only a member of the conversation can end it.
    const stranger = await createMember(ctx, domain);
    expect((await unmatch(stranger, id)).statusCode).toBe(404);

    const res = await unmatch(b, id);
    expect(res.statusCode, res.body).toBe(200);
    expect((await conversation(b, id)).ended).toBe('me');
    expect((await conversation(a, id)).ended).toBe('partner');
    expect(await chatIds(b)).not.toContain(id);
    expect(await chatIds(a)).toContain(id);

    for (const [m, text] of [
      [a, 'Still there?'],
      [b, 'Bye'],
    ] as const) {
      const sent = await send(m, id, text);
      expect(sent.statusCode).toBe(409);
      expect(sent.json().error.code).toBe('conversation_ended');
    }
    const left = await db().select().from(likes).where(eq(likes.likerId, a.id));
    expect(left.filter((l) => l.likedId === b.id)).toHaveLength(0);
    // Credits paid for messages are not refunded (docs/decisions.md "Unmatch").
    expect((await db().select().from(users).where(eq(users.id, a.id)))[0]!.credits).toBe(creditsBefore);
    expect(await ledger()).toHaveLength(ledgerBefore);

    // A second unmatch changes nothing; opening the conversation again shows it ended.
    expect((await unmatch(a, id)).statusCode).toBe(200);
    expect((await conversation(a, id)).ended).toBe('partner');
    const again = await call(ctx, domain, 'POST', '/api/conversation.php', a.cookie, { member: b.id });
    expect(conversationSchema.parse(again.json().conversation)).toMatchObject({ id, ended: 'partner' });
  });

  it('needs a session', async () => {
    const res = await call(ctx, domain, 'POST', '/api/unmatch.php', undefined, { conversation: 1 });
    expect(res.statusCode).toBe(403);
  });
});
