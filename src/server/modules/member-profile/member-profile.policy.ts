import type { Photo } from '../../db/schema';

/**
 * Who may see which member profile and which of its photos. Pure rules; the service gathers the facts.
 *
 * Profile:
 * - a member that is unknown, deleted or not yet confirmed, or whose profile is not active, is not found (404);
 * - an invisible member is not found, except for the member's own view and for members who already have a
 *   conversation with them (existing chat partners keep seeing the profile);
 * - "a conversation" always means contact: a conversation with at least one delivered message
 *   (member-profile.repo contactExists). A held message (the signup message of an unconfirmed address) is not
 *   contact until it is delivered;
 * - a member who blocked the viewer answers 403 blocked_by_member; the blocker still sees the blocked member;
 * - logged-out visitors may view profiles unless the site's logged_out_search is 'none'.
 *
 * Photos (only photos with status 'active' are ever listed):
 * - the owner sees every photo;
 * - a logged-out visitor sees the main photo only;
 * - a private photo is shown only to premium viewers (users.paid_user) who have a conversation with the owner;
 * - in privacy mode every photo except the main photo is shown only to viewers with a conversation;
 * - a photo that is not shown is listed as locked, without URLs.
 */

export interface ViewerFacts {
  /** the signed-in viewer, or null for a logged-out visitor */
  viewerId: number | null;
  /** the viewer is a premium member */
  premium: boolean;
  /** the viewer is the member */
  isOwner: boolean;
  /** the viewer and the member are in contact: a conversation with a delivered message (never only a held one) */
  hasConversation: boolean;
}

export interface MemberFacts {
  userStatus: string;
  profileStatus: string;
  invisible: boolean;
  /** the member blocked the viewer */
  blockedViewer: boolean;
}

export type MemberAccess = 'visible' | 'not_found' | 'blocked_by_member';

export function memberAccess(member: MemberFacts, viewer: ViewerFacts): MemberAccess {
  if (viewer.isOwner) return 'visible';
  if (member.userStatus !== 'active' || member.profileStatus !== 'active') return 'not_found';
  if (member.invisible && !viewer.hasConversation) return 'not_found';
  if (member.blockedViewer) return 'blocked_by_member';
  return 'visible';
}

/** Logged-out visitors may view profiles unless the site allows them no browsing at all. */
export function loggedOutMayView(loggedOutSearch: string): boolean {
  return loggedOutSearch !== 'none';
}

export function isPhotoLocked(
  photo: Pick<Photo, 'isMain' | 'isPrivate'>,
  ownerPrivacyMode: boolean,
  viewer: ViewerFacts,
): boolean {
  if (viewer.isOwner) return false;
  if (viewer.viewerId === null) return !(photo.isMain && !photo.isPrivate);
  if (photo.isPrivate && !(viewer.premium && viewer.hasConversation)) return true;
  if (ownerPrivacyMode && !photo.isMain && !viewer.hasConversation) return true;
  return false;
}
