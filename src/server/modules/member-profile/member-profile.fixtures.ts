/** Test helpers for the member profile, block and privacy tests (data written straight into the database). */
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Db } from '../../db/client';
import { type Photo, type Profile, photos, profiles, users } from '../../db/schema';
import { CLIENT } from '../../test/factories';
import type { TestContext } from '../../test/test-app';
import { ensureConversation } from '../chat/chat.repo';
import { insertMessage } from '../chat/chat-send.repo';
import { refreshSearchable } from '../members/searchable';

export async function addPhoto(
  db: Db,
  userId: number,
  flags: Partial<Pick<Photo, 'isMain' | 'isPrivate' | 'status'>> = {},
): Promise<Photo> {
  const [row] = await db
    .insert(photos)
    .values({
      userId,
      storageKey: `test/${userId}/${Math.random().toString(36).slice(2)}`,
      status: flags.status ?? 'active',
      // A rejected photo is a moderator's decision with its reason (photos_rejected_consistent).
      ...(flags.status === 'rejected' ? { review: 'rejected', rejectReason: 'other' } : {}),
      ...(flags.status === 'pending' ? { review: 'queued' } : {}),
      isMain: flags.isMain ?? false,
      isPrivate: flags.isPrivate ?? false,
      width: 800,
      height: 800,
    })
    .returning();
  return row!;
}

/** A conversation between two members, with one delivered message from `a` (as chat stores it). */
export async function startConversation(db: Db, a: number, b: number): Promise<number> {
  return db.transaction(async (tx) => {
    const conversationId = await ensureConversation(tx, a, b);
    await insertMessage(tx, b, {
      conversationId,
      senderId: a,
      kind: 'text',
      body: 'Hello there',
      credits: 0,
      held: false,
    });
    return conversationId;
  });
}

export async function setProfile(db: Db, userId: number, set: Partial<Profile>): Promise<void> {
  await db.update(profiles).set(set).where(eq(profiles.userId, userId));
  await refreshSearchable(db, userId);
}

export async function setUser(
  db: Db,
  userId: number,
  set: Partial<typeof users.$inferInsert>,
): Promise<void> {
  await db.update(users).set(set).where(eq(users.id, userId));
  await refreshSearchable(db, userId);
}

/** An API call on `domain`, as the member of `cookie` (or logged out). */
export function call(
  ctx: TestContext,
  domain: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url,
    headers: { host: domain, ...(cookie ? { cookie } : {}), ...(method === 'GET' ? {} : CLIENT) },
    ...(payload ? { payload } : {}),
  });
}

export const viewMember = (ctx: TestContext, domain: string, id: number, cookie?: string) =>
  call(ctx, domain, 'GET', `/api/member.php?id=${id}`, cookie);
