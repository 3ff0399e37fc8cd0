import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  blocks,
  consents,
  conversations,
  creditLedger,
  discountCodes,
  discountRedemptions,
  likes,
  messages,
  notificationPreferences,
  payments,
  photos,
  profiles,
  sessions,
  sites,
  users,
} from '../../db/schema';

/**
 * What a member's data export holds (GDPR Art. 15 and 20): every table row about the member, as JSON, and the keys of
 * the member's own photo files. Never the password hash, token hashes, or another member's e-mail address: other
 * members appear by id and profile name only, as the member saw them in the app.
 */
export interface CollectedData {
  userId: number;
  language: string;
  /** file name in the zip (without .json) -> its content */
  json: Record<string, unknown>;
  /** storage key -> file name in the zip */
  files: Array<{ key: string; name: string }>;
}

/** Columns that never leave the server, whatever table they are in. */
const SECRET_COLUMNS = new Set(['passwordHash', 'tokenHash']);

const snake = (k: string) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** A row as export JSON: snake_case keys (as the API), dates as ISO strings, secret columns left out. */
export function exportRow(
  row: Record<string, unknown>,
  omit: readonly string[] = [],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (SECRET_COLUMNS.has(k) || omit.includes(k)) continue;
    out[snake(k)] = v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

const rows = (list: Record<string, unknown>[], omit: readonly string[] = []) =>
  list.map((r) => exportRow(r, omit));

/** The other member's profile name (or null once that profile is gone). */
const nameOf = (idColumn: unknown) =>
  sql<string | null>`(select p.name from profiles p where p.user_id = ${idColumn})`;

async function collectMessages(db: Db, userId: number) {
  const partner = sql<number>`case when ${conversations.userLow} = ${userId} then ${conversations.userHigh} else ${conversations.userLow} end`;
  return db
    .select({
      id: messages.id,
      conversationId: messages.conversationId,
      direction: sql<
        'sent' | 'received'
      >`case when ${messages.senderId} = ${userId} then 'sent' else 'received' end`,
      partnerId: sql<number>`${partner}`.mapWith(Number),
      partnerName: nameOf(partner),
      kind: messages.kind,
      body: messages.body,
      gift: messages.gift,
      credits: sql<number>`case when ${messages.senderId} = ${userId} then ${messages.credits} else 0 end`,
      photoKey: messages.photoKey,
      held: messages.held,
      createdAt: messages.createdAt,
      deliveredAt: messages.deliveredAt,
      readAt: messages.readAt,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(
      and(
        or(eq(conversations.userLow, userId), eq(conversations.userHigh, userId)),
        // A held message never reached the recipient: it is the sender's data only.
        or(eq(messages.senderId, userId), eq(messages.held, false)),
      ),
    )
    .orderBy(asc(messages.id));
}

async function collectLikes(db: Db, userId: number) {
  const [given, received] = await Promise.all([
    db
      .select({
        memberId: likes.likedId,
        memberName: nameOf(likes.likedId),
        createdAt: likes.createdAt,
        matchedAt: likes.matchedAt,
      })
      .from(likes)
      .where(eq(likes.likerId, userId))
      .orderBy(asc(likes.createdAt)),
    db
      .select({
        memberId: likes.likerId,
        memberName: nameOf(likes.likerId),
        createdAt: likes.createdAt,
        seenAt: likes.seenAt,
        matchedAt: likes.matchedAt,
      })
      .from(likes)
      .where(eq(likes.likedId, userId))
      .orderBy(asc(likes.createdAt)),
  ]);
  return { given, received };
}

/** Reads everything the export holds about `userId`. */
export async function collectMemberData(db: Db, userId: number): Promise<CollectedData> {
  const [account] = await db
    .select({ user: users, siteDomain: sites.domain, siteName: sites.name })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));
  if (!account) throw new Error(`data export: member ${userId} not found`);
  const [
    profileRows,
    photoRows,
    messageRows,
    likeRows,
    blockRows,
    paymentRows,
    ledgerRows,
    discountRows,
    sessionRows,
    preferenceRows,
    consentRows,
  ] = await Promise.all([
    db.select().from(profiles).where(eq(profiles.userId, userId)),
    db.select().from(photos).where(eq(photos.userId, userId)).orderBy(asc(photos.id)),
    collectMessages(db, userId),
    collectLikes(db, userId),
    db
      .select({
        memberId: blocks.blockedId,
        memberName: nameOf(blocks.blockedId),
        createdAt: blocks.createdAt,
      })
      .from(blocks)
      .where(eq(blocks.blockerId, userId))
      .orderBy(asc(blocks.createdAt)),
    db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id)),
    db.select().from(creditLedger).where(eq(creditLedger.userId, userId)).orderBy(asc(creditLedger.id)),
    db
      .select({
        code: discountCodes.code,
        kind: discountCodes.kind,
        valuePercentage: discountCodes.valuePercentage,
        paymentId: discountRedemptions.paymentId,
        status: discountRedemptions.status,
        createdAt: discountRedemptions.createdAt,
        updatedAt: discountRedemptions.updatedAt,
      })
      .from(discountRedemptions)
      .innerJoin(discountCodes, eq(discountCodes.id, discountRedemptions.codeId))
      .where(eq(discountRedemptions.userId, userId))
      .orderBy(asc(discountRedemptions.id)),
    db.select().from(sessions).where(eq(sessions.userId, userId)).orderBy(asc(sessions.id)),
    db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)),
    // Every consent row, the withdrawn ones too: what the member agreed to, in which text version, and when.
    db
      .select()
      .from(consents)
      .where(eq(consents.userId, userId))
      .orderBy(asc(consents.givenAt), asc(consents.id)),
  ]);

  const files: CollectedData['files'] = [];
  for (const p of photoRows) files.push({ key: `${p.storageKey}-main.jpg`, name: `photos/${p.id}.jpg` });
  const messageJson = messageRows.map((m) => {
    const { photoKey, ...rest } = m;
    // The member's own chat photos come along as files; a received one is named, not copied.
    let photoFile: string | null = null;
    if (photoKey && m.direction === 'sent') {
      photoFile = `chat-photos/${m.id}.jpg`;
      files.push({ key: `${photoKey}-main.jpg`, name: photoFile });
    }
    return exportRow({ ...rest, photoFile });
  });

  return {
    userId,
    language: account.user.language,
    json: {
      account: {
        ...exportRow(account.user, ['tracking']),
        site: { domain: account.siteDomain, name: account.siteName },
        tracking: account.user.tracking,
      },
      profile: profileRows[0] ? exportRow(profileRows[0], ['searchable']) : null,
      photos: photoRows.map((p) => ({ ...exportRow(p), file: `photos/${p.id}.jpg` })),
      messages: messageJson,
      likes: { given: rows(likeRows.given), received: rows(likeRows.received) },
      matches: rows(likeRows.given.filter((l) => l.matchedAt !== null)),
      blocks: rows(blockRows),
      payments: rows(paymentRows, ['checkoutUrl']),
      credit_ledger: rows(ledgerRows),
      discounts: rows(discountRows),
      sessions: rows(sessionRows),
      notification_settings: {
        email_disabled_reasons: account.user.notificationsDisabled,
        preferences: rows(preferenceRows, ['userId']),
      },
      consents: rows(consentRows, ['userId']),
    },
    files,
  };
}
