import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { photos, profiles, users } from '../../db/schema';
import { hasBlocked } from '../blocks/blocks.policy';
import { findChatPhotoAccess } from '../chat/chat.repo';
import { CHAT_PHOTO_KEY } from '../chat/chat-photos';
import { isPhotoLocked, memberAccess, type ViewerFacts } from '../member-profile/member-profile.policy';
import { contactExists } from '../member-profile/member-profile.repo';

const SIZED_KEY = /^(.+)-(main|match|thumb)\.jpg$/;

export interface Viewer {
  id: number;
  premium: boolean;
}

/** Everyone may see it: the main, public photo of a visible member (cacheable by shared caches). */
export type MediaDecision = { serve: false } | { serve: true; public: boolean };

/**
 * Whether `viewer` may receive the photo file `key`, by the same rules as the member profile: unknown files, photos
 * of hidden or blocking members, photos that are not active and locked photos (private, privacy mode, logged out)
 * are refused. Only files that belong to a photo are ever served.
 */
export async function decideMediaAccess(db: Db, key: string, viewer: Viewer | null): Promise<MediaDecision> {
  const chat = CHAT_PHOTO_KEY.exec(key);
  if (chat) return viewer ? decideChatPhoto(db, chat[1]!, chat[2]!, viewer.id) : { serve: false };
  const stem = SIZED_KEY.exec(key)?.[1];
  if (!stem) return { serve: false };
  const [row] = await db
    .select({
      photo: photos,
      privacyMode: profiles.privacyMode,
      invisible: profiles.invisible,
      profileStatus: profiles.status,
      userStatus: users.status,
    })
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.storageKey, stem))
    .limit(1);
  if (!row) return { serve: false };
  const ownerId = row.photo.userId;
  const isOwner = viewer?.id === ownerId;
  if (!isOwner && row.photo.status !== 'active') return { serve: false };

  const everyone =
    row.photo.status === 'active' &&
    row.photo.isMain &&
    !row.photo.isPrivate &&
    !row.invisible &&
    row.userStatus === 'active' &&
    row.profileStatus === 'active';
  if (everyone && !viewer) return { serve: true, public: true };

  // Contact means a delivered message: a held signup message unlocks no photo (member-profile.repo).
  const hasConversation = viewer && !isOwner ? await contactExists(db, viewer.id, ownerId) : false;
  const facts: ViewerFacts = {
    viewerId: viewer?.id ?? null,
    premium: viewer?.premium ?? false,
    isOwner,
    hasConversation,
  };
  const blockedViewer = viewer && !isOwner ? await hasBlocked(db, ownerId, viewer.id) : false;
  const access = memberAccess(
    { userStatus: row.userStatus, profileStatus: row.profileStatus, invisible: row.invisible, blockedViewer },
    facts,
  );
  if (access !== 'visible') return { serve: false };
  if (isPhotoLocked(row.photo, row.privacyMode, facts)) return { serve: false };
  return { serve: true, public: everyone };
}

/**
 * A chat photo (chat-photos.ts): only the two members of its conversation, never cached by shared caches. The
 * sender sees every size; the recipient sees the blurred file always, the clear ones once delivered and, for a
 * photo that arrived blurred, tapped to view.
 */
async function decideChatPhoto(db: Db, stem: string, size: string, viewerId: number): Promise<MediaDecision> {
  const row = await findChatPhotoAccess(db, stem, viewerId);
  if (!row) return { serve: false };
  if (row.senderId === viewerId) return { serve: true, public: false };
  if (row.held) return { serve: false };
  if (size === 'blur' || !row.photoBlurred || row.viewedAt !== null) return { serve: true, public: false };
  return { serve: false };
}
