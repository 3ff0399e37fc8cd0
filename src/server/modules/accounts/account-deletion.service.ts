import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import {
  authTokens,
  conversations,
  messages,
  photos,
  profiles,
  pushSubscriptions,
  type Site,
  sessions,
  users,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { revokeAllSessions } from '../auth/sessions.repo';
import { refreshSearchable } from '../members/searchable';
import { cancelQueuedNotifications } from '../notifications/notifications.repo';
import { enqueueMail } from '../outbox/outbox.repo';
import { PHOTO_SIZES, type PhotoSize, photoKey } from '../photos/photos.presenter';
import { buildAccountMail, type LinkBase, siteOrigin } from './account-mail';
import { consumeAuthToken, createAuthToken, findUserWithProfile, type Tx } from './accounts.repo';
import { assertPassword } from './accounts.service';

const GRACE_MS = RULES.accountDeletion.graceDays * 86_400_000;

/**
 * Deletes an account with a 14-day grace period: it disappears from other members at once (status deleted), every
 * session ends, and a reactivation link is e-mailed. The purge job removes the data when the grace period is over.
 * A wrong password counts as a failed login from `ip`. Returns the sessions revoked, for the caller to announce.
 */
export async function deleteAccount(
  db: Db,
  userId: number,
  input: { password: string; reasons: string[] },
  site: Site,
  links: LinkBase,
  ip: string,
): Promise<number[]> {
  await assertPassword(db, userId, input.password, 'password', ip);
  const found = await findUserWithProfile(db, userId);
  if (!found) throw new AppError(404, 'not_found');
  return db.transaction(async (tx) => {
    const now = new Date();
    await tx
      .update(users)
      .set({
        status: 'deleted',
        deletedAt: now,
        purgeAfter: new Date(now.getTime() + GRACE_MS),
        deletionReasons: input.reasons,
      })
      .where(eq(users.id, userId));
    await refreshSearchable(tx, userId);
    const revoked = await revokeAllSessions(tx, userId);
    // Nothing more is notified: notification mail and pushes still waiting in the outbox are dropped.
    await cancelQueuedNotifications(tx, userId);
    const token = await createAuthToken(tx, userId, 'reactivate', GRACE_MS);
    const link = `${siteOrigin(site, links)}/account-deleted?reactivate=${token}`;
    await enqueueMail(
      tx,
      userId,
      buildAccountMail(
        'account_deleted',
        site,
        { email: found.user.email, name: found.profile.name, language: found.user.language },
        link,
        {
          days: RULES.accountDeletion.graceDays,
        },
      ),
    );
    return revoked;
  });
}

/** Undoes a deletion within the grace period from the e-mailed link; returns the member's id to sign in. */
export async function reactivateAccount(db: Db, token: string): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await consumeAuthToken(tx, token, 'reactivate');
    if (!row) throw new AppError(400, 'link_invalid', 'validation.reset_link_invalid');
    const [user] = await tx
      .update(users)
      .set({
        status: sql`case when ${users.emailConfirmedAt} is null then 'not_confirmed' else 'active' end`,
        deletedAt: null,
        purgeAfter: null,
        deletionReasons: sql`'{}'::text[]`,
      })
      .where(and(eq(users.id, row.userId), eq(users.status, 'deleted'), isNull(users.purgedAt)))
      .returning({ id: users.id });
    if (!user) throw new AppError(400, 'link_invalid', 'validation.reset_link_invalid');
    await refreshSearchable(tx, user.id);
    return user.id;
  });
}

/**
 * After the grace period: removes the photos (files too), the profile, messages and conversations, sessions, push
 * subscriptions and tokens, and reduces the account row to a tombstone without personal data (the credit ledger
 * keeps pointing at it). Returns how many accounts were purged.
 */
export async function purgeDeletedAccounts(db: Db, storage: MediaStorage, limit = 20): Promise<number> {
  const due = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.status, 'deleted'), isNull(users.purgedAt), lte(users.purgeAfter, sql`now()`)))
    .limit(limit);
  let purged = 0;
  for (const { id } of due) {
    const files = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .execute(sql`select id from users where id = ${id} and purged_at is null for update skip locked`)
        .then((r) => (r as unknown as { rows: unknown[] }).rows);
      if (!claimed) return [];
      purged += 1;
      return purgeAccountInTx(tx, id);
    });
    await removePhotoFiles(storage, files);
  }
  return purged;
}

/**
 * The purge of one account inside the caller's transaction (the caller holds the account's row lock): what
 * purgeDeletedAccounts does after the grace period, and a staff erasure at once (members-admin). Returns the storage
 * keys of the photos removed, for removePhotoFiles after the commit.
 */
export async function purgeAccountInTx(tx: Tx, id: number): Promise<string[]> {
  const files = (await tx.select({ key: photos.storageKey }).from(photos).where(eq(photos.userId, id))).map(
    (f) => f.key,
  );
  const convIds = (
    await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(or(eq(conversations.userLow, id), eq(conversations.userHigh, id)))
  ).map((c) => c.id);
  if (convIds.length > 0) {
    await tx.delete(messages).where(inArray(messages.conversationId, convIds));
    await tx.delete(conversations).where(inArray(conversations.id, convIds));
  }
  await tx.delete(photos).where(eq(photos.userId, id));
  await tx.delete(profiles).where(eq(profiles.userId, id));
  await tx.delete(sessions).where(eq(sessions.userId, id));
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, id));
  await tx.delete(authTokens).where(eq(authTokens.userId, id));
  await tx
    .update(users)
    .set({
      email: `purged-${id}@deleted.invalid`,
      passwordHash: null,
      tracking: {},
      notificationsDisabled: sql`'{}'::text[]`,
      purgedAt: new Date(),
    })
    .where(eq(users.id, id));
  return files;
}

/** Removes the files of purged photos (every size); a file already gone is fine. */
export async function removePhotoFiles(storage: MediaStorage, keys: string[]): Promise<void> {
  for (const key of keys) {
    for (const size of Object.keys(PHOTO_SIZES) as PhotoSize[])
      await storage.remove(photoKey(key, size)).catch(() => undefined);
  }
}
