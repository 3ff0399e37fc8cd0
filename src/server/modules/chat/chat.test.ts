import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../../shared/rules';
import {
  chatsResponseSchema,
  conversationSchema,
  messagesResponseSchema,
  sendMessageResponseSchema,
} from '../../../shared/schemas/chat';
import { creditLedger, messages, sites, users } from '../../db/schema';
import { createMember, type TestMember } from '../../test/factories';
import { countRoundTrips } from '../../test/round-trips';
import { type TestContext, withTestSite } from '../../test/test-app';
import { call, setProfile, setUser } from '../member-profile/member-profile.fixtures';

let ctx: TestContext;
let domain: string;
withTestSite((c, d) => {
  ctx = c;
  domain = d;
});

const db = () => ctx.database.db;
const member = (opts: { confirm?: boolean } = {}) => createMember(ctx, domain, opts);

async function site() {
  const [row] = await db().select().from(sites).where(eq(sites.domain, domain));
  return row!;
}

async function open(m: TestMember, memberId: number) {
  return call(ctx, domain, 'POST', '/api/conversation.php', m.cookie, { member: memberId });
}
async function openId(m: TestMember, memberId: number): Promise<number> {
  const res = await open(m, memberId);
  expect(res.statusCode).toBe(200);
  return conversationSchema.parse(res.json().conversation).id;
}
function send(m: TestMember, conversation: number, text = 'Hi there!', clientId: string = randomUUID()) {
  return call(ctx, domain, 'POST', '/api/message.php', m.cookie, {
    conversation,
    client_id: clientId,
    kind: 'text',
    text,
  });
}
async function sendOk(m: TestMember, conversation: number, text?: string) {
  const res = await send(m, conversation, text);
  expect(res.statusCode, res.body).toBe(200);
  return sendMessageResponseSchema.parse(res.json());
}
async function chats(m: TestMember) {
  const res = await call(ctx, domain, 'GET', '/api/chats.php', m.cookie);
  expect(res.statusCode).toBe(200);
  return chatsResponseSchema.parse(res.json());
}
async function page(m: TestMember, conversation: number, before?: number) {
  const q = before ? `&before=${before}` : '';
  const res = await call(ctx, domain, 'GET', `/api/messages.php?conversation=${conversation}${q}`, m.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return messagesResponseSchema.parse(res.json());
}
const read = (m: TestMember, conversation: number) =>
  call(ctx, domain, 'POST', '/api/chat-read.php', m.cookie, { conversation });
/** Spends the free messages and leaves the member `credits`. */
async function withCredits(m: TestMember, credits: number) {
  const { freeMessages } = await site();
  await setUser(db(), m.id, { credits });
  return freeMessages;
}
async function credits(id: number) {
  const [row] = await db().select({ credits: users.credits }).from(users).where(eq(users.id, id));
  return row!.credits;
}

describe('chat', () => {
  it('needs a session for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/chats.php'],
      ['DELETE', '/api/chat.php'],
      ['POST', '/api/conversation.php'],
      ['GET', '/api/conversation.php?id=1'],
      ['GET', '/api/messages.php?conversation=1'],
      ['POST', '/api/message.php'],
      ['POST', '/api/chat-read.php'],
    ] as const) {
      const res = await call(ctx, domain, method, url, undefined, method === 'GET' ? undefined : {});
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error.code).toBe('authentication_required');
    }
  });

  it('talks: free messages first, then credits; the list, unread counts, pages and read receipts', async () => {
    const a = await member();
    const b = await member();
    const s = await site();
    await setUser(db(), a.id, { credits: 100 });
    const conv = await openId(a, b.id);
    const header = conversationSchema.parse((await open(a, b.id)).json().conversation);
    expect(header).toMatchObject({
      id: conv,
      profile: { id: b.id, name: b.name },
      empty: true,
      partner_can_reply: true,
      held_until_confirmed: false,
      costs: { message: s.messageCredits, photo: s.photoCredits, gift: s.giftCredits },
      message_length: s.messageLength,
      free_messages_left: s.freeMessages,
      credits: 100,
      premium: false,
    });
    // Opening twice is the same conversation, and opening starts nothing: neither list shows it yet.
    expect((await chats(a)).chats).toEqual([]);

    const sent: number[] = [];
    for (let i = 0; i < s.freeMessages + 2; i++) {
      const r = await sendOk(a, conv, `Message ${i}`);
      sent.push(r.message.id);
      expect(r.message).toMatchObject({ mine: true, kind: 'text', text: `Message ${i}`, status: 'sent' });
      expect(r.free_messages_left).toBe(Math.max(0, s.freeMessages - i - 1));
    }
    // The free ones cost nothing, the two after them message_credits each, each with a ledger row.
    expect(await credits(a.id)).toBe(100 - 2 * s.messageCredits);
    const ledger = await db().select().from(creditLedger).where(eq(creditLedger.userId, a.id));
    expect(ledger.filter((l) => l.reason === 'message:text').map((l) => l.delta)).toEqual([
      -s.messageCredits,
      -s.messageCredits,
    ]);

    const bList = await chats(b);
    expect(bList.total_unread).toBe(s.freeMessages + 2);
    expect(bList.chats[0]).toMatchObject({
      conversation: { id: conv },
      profile: { id: a.id },
      num_unread_messages: s.freeMessages + 2,
      last_message: { kind: 'text', text: `Message ${s.freeMessages + 1}`, mine: false },
    });
    expect((await chats(a)).chats[0]).toMatchObject({ num_unread_messages: 0, last_message: { mine: true } });

    // Newest first, paged by `before`.
    const p1 = await page(b, conv);
    expect(p1.messages.map((m) => m.id)).toEqual([...sent].reverse());
    expect(p1.messages.every((m) => !m.mine)).toBe(true);
    const older = await call(ctx, domain, 'GET', `/api/messages.php?conversation=${conv}&limit=2`, b.cookie);
    expect(older.json()).toMatchObject({ has_more: true });
    const rest = await page(b, conv, older.json().messages[1].id);
    expect(rest.messages.map((m) => m.id)).toEqual([...sent].reverse().slice(2));

    // Reading: b's unread goes to 0, a's messages say read.
    const r = await read(b, conv);
    expect(r.json()).toEqual({ ok: true, read_up_to: sent.at(-1) });
    expect((await chats(b)).total_unread).toBe(0);
    expect((await page(a, conv)).messages.every((m) => m.status === 'read')).toBe(true);
    expect((await read(b, conv)).json()).toEqual({ ok: true, read_up_to: 0 });

    // b replies in the same conversation (b's first message there, nothing started by b).
    const reply = await sendOk(b, conv, 'Hello back');
    expect((await chats(a)).chats[0]).toMatchObject({
      num_unread_messages: 1,
      last_message: { text: 'Hello back' },
    });
    expect(reply.message.conversation_id).toBe(conv);
  });

  it('a retried send (same client_id) is stored and charged once', async () => {
    const a = await member();
    const b = await member();
    const conv = await openId(a, b.id);
    const free = await withCredits(a, 50);
    for (let i = 0; i < free; i++) await sendOk(a, conv);
    const clientId = randomUUID();
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(a, conv, 'Once', clientId)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.json().message.id)).size).toBe(1);
    const stored = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, a.id), eq(messages.clientId, clientId)));
    expect(stored).toHaveLength(1);
    expect(await credits(a.id)).toBe(50 - (await site()).messageCredits);
  });

  it('50 parallel sends with credits for one store exactly one message; the rest say insufficient credits', async () => {
    const a = await member();
    const b = await member();
    const conv = await openId(a, b.id);
    const free = await withCredits(a, 0);
    for (let i = 0; i < free; i++) await sendOk(a, conv);
    const { messageCredits } = await site();
    await setUser(db(), a.id, { credits: messageCredits });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => send(a, conv, `Race ${i}`)));
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(49);
    expect(answers.find((r) => r.statusCode === 402)!.json().error.code).toBe('insufficient_credits');
    expect(await credits(a.id)).toBe(0);
    const paid = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, a.id), eq(messages.credits, messageCredits)));
    expect(paid).toHaveLength(1);
  });

  it('says "Je hebt onvoldoende credits" in Dutch, and refuses a text longer than message_length', async () => {
    const a = await member();
    const b = await member();
    const conv = await openId(a, b.id);
    const free = await withCredits(a, 0);
    for (let i = 0; i < free; i++) await sendOk(a, conv);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/message.php',
      headers: { host: domain, cookie: `${a.cookie}; i18n_redirected=nl`, 'x-request-type': 'client' },
      payload: { conversation: conv, client_id: randomUUID(), kind: 'text', text: 'Hallo' },
    });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe('Je hebt onvoldoende credits');
    const { messageLength } = await site();
    const long = await send(a, conv, 'x'.repeat(messageLength + 1));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.code).toBe('message_too_long');
  });

  it(`free members start at most ${RULES.freeMember.maxStartedConversations} conversations; replies and premium are not limited`, async () => {
    const a = await member();
    await setUser(db(), a.id, { credits: 500 });
    const others = await Promise.all(Array.from({ length: 4 }, () => member()));
    const max = RULES.freeMember.maxStartedConversations;
    for (const o of others.slice(0, max)) await sendOk(a, await openId(a, o.id));
    const third = await send(a, await openId(a, others[max]!.id));
    expect(third.statusCode).toBe(403);
    expect(third.json().error.code).toBe('conversation_limit_reached');
    // A conversation the other member started: answering it starts nothing.
    const writer = await member();
    const incoming = await openId(writer, a.id);
    await sendOk(writer, incoming);
    await sendOk(a, incoming);
    // Two racing first messages in two new conversations: the limit still holds.
    const b = await member();
    await setUser(db(), b.id, { credits: 500 });
    const targets = await Promise.all(Array.from({ length: max + 3 }, () => member()));
    const convs = await Promise.all(targets.map((t) => openId(b, t.id)));
    const raced = await Promise.all(convs.map((c) => send(b, c)));
    expect(raced.filter((r) => r.statusCode === 200)).toHaveLength(max);
    // Premium: no limit.
    await setUser(db(), a.id, { paidUser: true });
    // (another text: the same first message to a fourth member would be refused as spam, modules/safety)
    await sendOk(a, await openId(a, others[max]!.id), 'Premium now, hello!');
  });

  it('hides history older than free_history_messages from free members, not from premium', async () => {
    const a = await member();
    const b = await member();
    await setUser(db(), a.id, { credits: 1000 });
    const conv = await openId(a, b.id);
    const keep = (await site()).freeHistoryMessages;
    for (let i = 0; i < keep + 3; i++) await sendOk(a, conv, `m${i}`);
    const free = await call(ctx, domain, 'GET', `/api/messages.php?conversation=${conv}&limit=100`, b.cookie);
    expect(free.json().messages).toHaveLength(keep);
    expect(free.json()).toMatchObject({ has_more: false, hidden_older: true });
    await setUser(db(), b.id, { paidUser: true });
    const premium = await call(
      ctx,
      domain,
      'GET',
      `/api/messages.php?conversation=${conv}&limit=100`,
      b.cookie,
    );
    expect(premium.json().messages).toHaveLength(keep + 3);
    expect(premium.json().hidden_older).toBe(false);
  });

  it('holds the messages of an unconfirmed sender until confirmation, then delivers them as unread', async () => {
    const b = await member();
    const a = await member({ confirm: false });
    const res = await open(a, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().conversation.held_until_confirmed).toBe(true);
    const conv = res.json().conversation.id as number;
    const r = await sendOk(a, conv, 'Waiting for my mail');
    expect(r.message.status).toBe('held');
    expect((await chats(b)).chats).toEqual([]);
    expect((await page(b, conv)).messages).toEqual([]);
    // b can see nothing to answer, and sees that a cannot reply yet when opening a's conversation.
    const bView = await call(ctx, domain, 'GET', `/api/conversation.php?id=${conv}`, b.cookie);
    expect(bView.json().conversation.partner_can_reply).toBe(false);

    const { confirmEmail } = await import('../accounts/accounts.service');
    await db().transaction((tx) => confirmEmail(tx, a.id));
    expect((await chats(b)).chats[0]).toMatchObject({
      num_unread_messages: 1,
      last_message: { text: 'Waiting for my mail' },
    });
    expect((await page(a, conv)).messages[0]!.status).toBe('sent');
  });

  it('no contact when blocked either way; invisible members cannot be written to first but may start', async () => {
    const a = await member();
    const b = await member();
    const conv = await openId(a, b.id);
    await sendOk(a, conv);
    expect((await call(ctx, domain, 'POST', '/api/block.php', b.cookie, { id: a.id })).statusCode).toBe(200);
    // Blocking deleted the conversation: every id of it is unknown now, for both.
    for (const m of [a, b]) {
      expect((await send(m, conv)).statusCode).toBe(404);
      expect(
        (await call(ctx, domain, 'GET', `/api/messages.php?conversation=${conv}`, m.cookie)).statusCode,
      ).toBe(404);
    }
    expect((await open(a, b.id)).statusCode).toBe(404);
    expect((await open(b, a.id)).statusCode).toBe(404);

    const shy = await member();
    await setProfile(db(), shy.id, { invisible: true });
    const c = await member();
    expect((await open(c, shy.id)).json().error?.code).toBe('member_not_found');
    // The invisible member starts; then c may answer, and the partner keeps writing.
    const started = await openId(shy, c.id);
    await sendOk(shy, started);
    await sendOk(c, started);
    expect((await open(c, shy.id)).statusCode).toBe(200);
  });

  it('no member reads, writes, reads-marks or deletes another pair’s conversation (404 on every id)', async () => {
    const a = await member();
    const b = await member();
    const stranger = await member();
    const conv = await openId(a, b.id);
    await sendOk(a, conv);
    const calls = [
      ['GET', `/api/conversation.php?id=${conv}`, undefined],
      ['GET', `/api/messages.php?conversation=${conv}`, undefined],
      ['POST', '/api/chat-read.php', { conversation: conv }],
      ['DELETE', '/api/chat.php', { conversation: conv }],
      ['POST', '/api/message.php', { conversation: conv, client_id: randomUUID(), kind: 'text', text: 'x' }],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await call(ctx, domain, method, url, stranger.cookie, body);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error.code).toBe('conversation_not_found');
      const unknown = await call(
        ctx,
        domain,
        method,
        url.replace(String(conv), '987654321'),
        stranger.cookie,
        body && { ...body, conversation: 987_654_321 },
      );
      expect(unknown.statusCode).toBe(404);
    }
    expect((await page(b, conv)).messages).toHaveLength(1);
  });

  it('deleting a chat removes it for the member only; a new message brings it back with only what is new', async () => {
    const a = await member();
    const b = await member();
    const conv = await openId(a, b.id);
    await sendOk(a, conv, 'First');
    expect(
      (await call(ctx, domain, 'DELETE', '/api/chat.php', b.cookie, { conversation: conv })).json(),
    ).toEqual({ ok: true });
    expect((await chats(b)).chats).toEqual([]);
    expect((await chats(a)).chats).toHaveLength(1);
    expect((await page(b, conv)).messages).toEqual([]);
    await sendOk(a, conv, 'Second');
    const back = await chats(b);
    expect(back.chats[0]).toMatchObject({ num_unread_messages: 1, last_message: { text: 'Second' } });
    expect((await page(b, conv)).messages.map((m) => m.text)).toEqual(['Second']);
  });

  it('holds the same text sent to many members within minutes for moderation', async () => {
    const a = await member();
    await setUser(db(), a.id, { credits: 1000, paidUser: true });
    const { members } = RULES.chat.sameText;
    const targets = await Promise.all(Array.from({ length: members }, () => member()));
    const statuses: string[] = [];
    // Each after a greeting of its own: the same text as first message is refused earlier (first-message.test.ts).
    for (const [i, t] of targets.entries()) {
      const conv = await openId(a, t.id);
      await sendOk(a, conv, `Hello number ${i}`);
      statuses.push((await sendOk(a, conv, 'Visit my site!')).message.status);
    }
    expect(statuses).toEqual([...Array(members - 1).fill('sent'), 'held']);
    expect((await chats(targets.at(-1)!)).chats[0]!.last_message?.text).toBe(`Hello number ${members - 1}`);
  });

  it('sends a gift for gift_credits and refuses an unknown gift', async () => {
    const a = await member();
    const b = await member();
    await setUser(db(), a.id, { credits: 100 });
    const conv = await openId(a, b.id);
    const res = await call(ctx, domain, 'POST', '/api/message.php', a.cookie, {
      conversation: conv,
      client_id: randomUUID(),
      kind: 'gift',
      gift: 'rose',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ kind: 'gift', gift: 'rose', text: null });
    expect(await credits(a.id)).toBe(100 - (await site()).giftCredits);
    expect((await chats(b)).chats[0]!.last_message).toMatchObject({ kind: 'gift', text: 'rose' });
    const bad = await call(ctx, domain, 'POST', '/api/message.php', a.cookie, {
      conversation: conv,
      client_id: randomUUID(),
      kind: 'gift',
      gift: 'diamond',
    });
    expect(bad.statusCode).toBe(400);
  });

  // Round trips were the cost of a send (docs/performance.md "Chat": 19 statements, each paid in the event loop and
  // as PostgreSQL CPU). Counted at the driver, so PostgreSQL only.
  it.runIf(process.env.DATABASE_URL)(
    'a paid member’s send takes at most 3 round trips, and each ledger row holds the balance after it',
    async () => {
      const a = await member();
      const b = await member();
      await setUser(db(), a.id, { credits: 1000, paidUser: true });
      const conv = await openId(a, b.id);
      await sendOk(a, conv, 'First');
      const counts: { statements: number; roundTrips: number }[] = [];
      for (let i = 0; i < 3; i++) counts.push(await countRoundTrips(() => sendOk(a, conv, `Counted ${i}`)));
      // The session (no cache in tests); `begin`, the sender's lock with the side and the partner's facts, and the
      // checks in one round trip; the message with the conversation, both sides, the notification and the debit
      // with its ledger row, and `commit`, in another. It was 21 statements, then 11, then 7 round trips.
      expect(Math.min(...counts.map((c) => c.roundTrips)), JSON.stringify(counts)).toBeLessThanOrEqual(3);
      expect(Math.min(...counts.map((c) => c.statements)), JSON.stringify(counts)).toBeLessThanOrEqual(6);
      const { messageCredits } = await site();
      const ledger = await db()
        .select()
        .from(creditLedger)
        .where(and(eq(creditLedger.userId, a.id), eq(creditLedger.reason, 'message:text')))
        .orderBy(asc(creditLedger.id));
      expect(ledger.map((l) => [l.delta, l.balanceAfter])).toEqual(
        [1, 2, 3, 4].map((n) => [-messageCredits, 1000 - n * messageCredits]),
      );
      expect(await credits(a.id)).toBe(1000 - 4 * messageCredits);
    },
  );

  // Two members writing to each other at once take their locks in one order: the conversation row before either
  // side row, and the sender's row lock is FOR NO KEY UPDATE (FOR UPDATE also blocks every foreign key to the
  // member, such as the notification of a message to the member): both orders deadlocked under load.
  it.runIf(process.env.DATABASE_URL)(
    'two members writing to each other at once do not deadlock',
    async () => {
      const a = await member();
      const b = await member();
      await setUser(db(), a.id, { credits: 1000, paidUser: true });
      await setUser(db(), b.id, { credits: 1000, paidUser: true });
      const conv = await openId(a, b.id);
      await sendOk(a, conv, 'First');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => send(i % 2 ? a : b, conv, `Crossing ${i}`)),
      );
      expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    },
  );
});
