import { and, desc, eq, lte } from 'drizzle-orm';
import { MODERATION_RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { messages, type NoticeSnapshot, photos, profiles } from '../../db/schema';

type Reader = Pick<Db, 'select'>;

/**
 * The evidence of a notice, taken when it arrives and kept with it: the reported member's profile text and photos,
 * and the recent messages of the conversation (up to the reported message, when one is named). It stays when the
 * member deletes the account or the messages go (nothing reported is lost).
 */
export async function takeSnapshot(
  db: Reader,
  target: { memberId: number | null; conversationId: number | null; messageId?: number | undefined },
): Promise<NoticeSnapshot> {
  const snapshot: NoticeSnapshot = {};
  if (target.memberId !== null) {
    const [profile] = await db
      .select({ name: profiles.name, about: profiles.about, country: profiles.country })
      .from(profiles)
      .where(eq(profiles.userId, target.memberId));
    snapshot.member = profile ? { id: target.memberId, ...profile } : null;
    snapshot.photos = await db
      .select({ id: photos.id, storageKey: photos.storageKey, status: photos.status, isMain: photos.isMain })
      .from(photos)
      .where(eq(photos.userId, target.memberId))
      .orderBy(desc(photos.isMain), desc(photos.id));
  }
  if (target.conversationId !== null) {
    const rows = await db
      .select({
        id: messages.id,
        senderId: messages.senderId,
        kind: messages.kind,
        body: messages.body,
        createdAt: messages.createdAt,
      })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, target.conversationId),
          target.messageId ? lte(messages.id, target.messageId) : undefined,
        ),
      )
      .orderBy(desc(messages.id))
      .limit(MODERATION_RULES.evidenceMessages);
    snapshot.messages = rows.reverse().map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
  }
  return snapshot;
}
