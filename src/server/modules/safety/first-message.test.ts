import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SAFETY_RULES } from '../../../shared/rules';
import { conversationSchema, messagesResponseSchema } from '../../../shared/schemas/chat';
import { messages, reports } from '../../db/schema';
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
const send = (m: TestMember, conversation: number, text: string) =>
  call(ctx, domain, 'POST', '/api/message.php', m.cookie, {
    conversation,
    client_id: randomUUID(),
    kind: 'text',
    text,
  });
async function received(m: TestMember, conversation: number) {
  const res = await call(ctx, domain, 'GET', `/api/messages.php?conversation=${conversation}`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return messagesResponseSchema.parse(res.json()).messages;
}
const automatedFlags = (memberId: number) =>
  db()
    .select()
    .from(reports)
    .where(and(eq(reports.reportedId, memberId), eq(reports.source, 'automated')));
/** A member who paid, with credits for many messages (no free-member limits in the way). */
async function payingMember() {
  const m = await createMember(ctx, domain);
  await setUser(db(), m.id, { paidUser: true, credits: 1_000 });
  return m;
}

describe('first-message safety', () => {
  it('delivers a first message with a phone number with a warning to the recipient only, and flags it', async () => {
    const [sender, recipient] = [await payingMember(), await createMember(ctx, domain)];
    const conversation = await openId(sender, recipient.id);
    const res = await send(sender, conversation, 'Text me on +31 6 1234 5678 please');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.safety_warning).toBeUndefined();

    const [theirs] = await received(recipient, conversation);
    expect(theirs?.safety_warning).toBe('phone');
    const [mine] = await received(sender, conversation);
    expect(mine?.safety_warning).toBeUndefined();

    const flags = await automatedFlags(sender.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      target: 'message',
      messageId: theirs!.id,
      reason: 'scam',
      comment: 'first_message_phone',
      reporterId: null,
      status: 'open',
      conversationId: conversation,
    });
    expect(flags[0]!.snapshot.messages?.[0]?.body).toBe('Text me on +31 6 1234 5678 please');
  });

  it('warns of a scam pattern in another language, and only for the first message of the sender', async () => {
    const [sender, recipient] = [await payingMember(), await createMember(ctx, domain)];
    const conversation = await openId(sender, recipient.id);
    expect((await send(sender, conversation, 'Hallo! Wie geht es dir?')).statusCode).toBe(200);
    expect((await send(sender, conversation, 'Schreib mir auf WhatsApp')).statusCode).toBe(200);
    const list = await received(recipient, conversation);
    expect(list.map((m) => m.safety_warning)).toEqual([undefined, undefined]);
    expect(await automatedFlags(sender.id)).toHaveLength(0);

    const [other, victim] = [await payingMember(), await createMember(ctx, domain)];
    const c2 = await openId(other, victim.id);
    expect((await send(other, c2, 'Schatz, schick mir Geld für das Ticket')).statusCode).toBe(200);
    expect((await received(victim, c2))[0]?.safety_warning).toBe('scam');
    // The recipient's answer with a link is their own first message: it is checked too.
    expect((await send(victim, c2, 'see www.example.org')).statusCode).toBe(200);
    expect((await received(other, c2))[0]?.safety_warning).toBe('link');
  });

  it('lets a harmless first message through without a warning or flag', async () => {
    const [sender, recipient] = [await payingMember(), await createMember(ctx, domain)];
    const conversation = await openId(sender, recipient.id);
    expect((await send(sender, conversation, 'Hi! Nice photos from the mountains.')).statusCode).toBe(200);
    expect((await received(recipient, conversation))[0]?.safety_warning).toBeUndefined();
    expect(await automatedFlags(sender.id)).toHaveLength(0);
  });

  it('refuses the same first message to too many members, in parallel too, and flags the sender once', async () => {
    const limit = SAFETY_RULES.firstMessage.repeatMembers;
    const sender = await payingMember();
    const recipients = await Promise.all(Array.from({ length: limit + 3 }, () => createMember(ctx, domain)));
    const conversations: number[] = [];
    for (const r of recipients) conversations.push(await openId(sender, r.id));
    const text = 'Hey you, I like your profile a lot';
    const answers = await Promise.all(conversations.map((c) => send(sender, c, text)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(limit);
    expect(codes.filter((c) => c === 429)).toHaveLength(3);
    expect(answers.find((a) => a.statusCode === 429)!.json().error.code).toBe('first_message_rate_limited');
    const stored = await db().select().from(messages).where(eq(messages.senderId, sender.id));
    expect(stored.filter((m) => m.body === text)).toHaveLength(limit);
    const flags = await automatedFlags(sender.id);
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({ reason: 'spam', target: 'profile', comment: 'repeated_first_message' });
    expect(flags[0]!.snapshot.messages).toHaveLength(limit);

    // A different, personal first message still goes; a second message in a started conversation is no first one.
    const free = conversations[codes.indexOf(429)]!;
    expect((await send(sender, free, 'You like hiking too? Which trail is your favourite?')).statusCode).toBe(
      200,
    );
    const started = conversations[codes.indexOf(200)]!;
    expect((await send(sender, started, text)).statusCode).toBe(200);
  });
});
