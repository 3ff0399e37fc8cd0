/** Test data for the data-export tests: a member with messages both ways, likes, a block, a payment and a photo. */
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, catalogBundles, creditLedger, likes, messages, payments, users } from '../../db/schema';
import { LocalMediaStorage } from '../../lib/storage';
import type { TestContext } from '../../test/test-app';
import { ensureConversation } from '../chat/chat.repo';
import { insertMessage } from '../chat/chat-send.repo';
import { addPhoto } from '../member-profile/member-profile.fixtures';

/** The test app's own media storage (DATA_DIR/media, as createMediaStorage makes it). */
export const testStorage = (ctx: TestContext) => new LocalMediaStorage(path.join(ctx.dataDir, 'media'));

export async function sendMessage(
  db: Db,
  from: number,
  to: number,
  body: string,
  flags: { held?: boolean; at?: Date } = {},
): Promise<number> {
  return db.transaction(async (tx) => {
    const conversationId = await ensureConversation(tx, from, to);
    const m = await insertMessage(tx, to, {
      conversationId,
      senderId: from,
      kind: 'text',
      body,
      credits: 0,
      held: flags.held ?? false,
      ...(flags.held ? { heldReason: 'unconfirmed' } : {}),
    });
    if (flags.at) await tx.update(messages).set({ createdAt: flags.at }).where(eq(messages.id, m.id));
    return m.id;
  });
}

/** A paid payment of the first bundle with its ledger row (as a webhook would apply it). */
export async function paidPayment(
  db: Db,
  userId: number,
  opts: { amountMinor?: number; currency?: string; paidAt?: Date } = {},
): Promise<number> {
  const [bundle] = await db.select().from(catalogBundles).limit(1);
  const paidAt = opts.paidAt ?? new Date();
  return db.transaction(async (tx) => {
    const [p] = await tx
      .insert(payments)
      .values({
        userId,
        bundleId: bundle!.id,
        provider: 'test',
        providerPaymentId: `tr_${Math.random().toString(36).slice(2)}`,
        method: 'ideal',
        status: 'paid',
        amountMinor: opts.amountMinor ?? 1_995,
        currency: opts.currency ?? 'EUR',
        vatMinor: 346,
        credits: bundle!.credits,
        country: 'NL',
        createdAt: paidAt,
        paidAt,
      })
      .returning();
    const [u] = await tx
      .update(users)
      .set({ credits: sql`${users.credits} + ${bundle!.credits}`, paidUser: true })
      .where(eq(users.id, userId))
      .returning({ credits: users.credits });
    await tx.insert(creditLedger).values({
      userId,
      delta: bundle!.credits,
      balanceAfter: u!.credits,
      reason: 'purchase',
      idempotencyKey: `payment:${p!.id}`,
    });
    return p!.id;
  });
}

export interface SeededMember {
  photoId: number;
  photoBytes: Buffer;
  paymentId: number;
}

/**
 * Gives member `a` (with partners `b` and `c`): messages a→b, b→a and a held b→a, likes both ways with b (a match),
 * a like from c, a block of c, a paid payment, and an active main photo whose file is in the storage.
 */
export async function seedMemberData(
  ctx: TestContext,
  a: number,
  b: number,
  c: number,
): Promise<SeededMember> {
  const db = ctx.database.db;
  await sendMessage(db, a, b, 'Hi from A to B');
  await sendMessage(db, b, a, 'Hello back from B');
  await sendMessage(db, b, a, 'Held message B never delivered', { held: true });
  const now = new Date();
  await db.insert(likes).values([
    { likerId: a, likedId: b, matchedAt: now },
    { likerId: b, likedId: a, matchedAt: now },
    { likerId: c, likedId: a },
  ]);
  await db.insert(blocks).values({ blockerId: a, blockedId: c });
  const paymentId = await paidPayment(db, a);
  const photo = await addPhoto(db, a, { isMain: true });
  const photoBytes = Buffer.from(`jpeg bytes of photo ${photo.id}`);
  await testStorage(ctx).put(`${photo.storageKey}-main.jpg`, photoBytes, 'image/jpeg');
  return { photoId: photo.id, photoBytes, paymentId };
}
