import type { MemberResponse } from '../../../shared/schemas/member-profile';
import { MEMBER_ERROR_CODES } from '../../../shared/schemas/member-profile';
import type { Db } from '../../db/client';
import type { Site } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { SessionWithUser } from '../auth/sessions.repo';
import { hasBlocked } from '../blocks/blocks.policy';
import { findLikeState, type LikeState, markLikeSeen } from '../likes/likes.repo';
import { recordVisit } from '../visits/visits.repo';
import { loggedOutMayView, type MemberAccess, memberAccess, type ViewerFacts } from './member-profile.policy';
import { presentMemberProfile, presentProfileCard } from './member-profile.presenter';
import {
  contactExists,
  findActivePhotos,
  findMember,
  findRelatedCards,
  type MemberRow,
} from './member-profile.repo';

export const RELATED_LIMIT = 6;

export const memberNotFound = () =>
  new AppError(404, MEMBER_ERROR_CODES.notFound, `errors.${MEMBER_ERROR_CODES.notFound}`);
export const blockedByMember = () =>
  new AppError(403, MEMBER_ERROR_CODES.blockedByMember, `errors.${MEMBER_ERROR_CODES.blockedByMember}`);

export interface ViewMemberInput {
  memberId: number;
  /** the signed-in viewer, or null for a logged-out visitor */
  viewer: Pick<SessionWithUser, 'user'> | null;
  site: Pick<Site, 'niche' | 'cdnPrefix' | 'visibleProfileFields' | 'loggedOutSearch'>;
}

export interface MemberAccessResult {
  /** the member's row, when the account and profile exist */
  member: MemberRow | undefined;
  access: MemberAccess;
  viewer: ViewerFacts;
  /** the viewer has blocked the member */
  blockedByMe: boolean;
}

/**
 * Gathers the facts and applies member-profile.policy: whether `viewer` (null: logged out) may see member
 * `memberId` now. Every call that names a member (profile, block) answers a member that is 'not_found' here exactly
 * like an unknown id.
 */
export async function accessToMember(
  db: Db,
  viewer: Pick<SessionWithUser, 'user'> | null,
  memberId: number,
): Promise<MemberAccessResult> {
  const viewerId = viewer?.user.id ?? null;
  const isOwner = viewerId === memberId;
  const others = viewerId !== null && !isOwner;
  const [member, [hasConversation, blockedViewer, blockedByMe]] = await Promise.all([
    findMember(db, memberId),
    others
      ? Promise.all([
          contactExists(db, viewerId, memberId),
          hasBlocked(db, memberId, viewerId),
          hasBlocked(db, viewerId, memberId),
        ])
      : ([false, false, false] as const),
  ]);
  const facts: ViewerFacts = { viewerId, premium: viewer?.user.paidUser ?? false, isOwner, hasConversation };
  const access: MemberAccess = member
    ? memberAccess(
        {
          userStatus: member.userStatus,
          profileStatus: member.profile.status,
          invisible: member.profile.invisible,
          blockedViewer,
        },
        facts,
      )
    : 'not_found';
  return { member, access, viewer: facts, blockedByMe };
}

/** Another member's profile and similar members, as far as the viewer may see them (see member-profile.policy). */
export async function viewMember(db: Db, input: ViewMemberInput): Promise<MemberResponse> {
  const { memberId, site } = input;
  const viewerId = input.viewer?.user.id ?? null;
  if (viewerId === null && !loggedOutMayView(site.loggedOutSearch))
    throw new AppError(403, 'authentication_required');

  const { member, access, viewer, blockedByMe } = await accessToMember(db, input.viewer, memberId);
  if (access === 'not_found' || !member) throw memberNotFound();
  if (access === 'blocked_by_member') throw blockedByMember();

  // A signed-in viewer: whether the two like each other, and opening a liker's profile makes the like seen (only
  // the liked member's own view of the liker clears it).
  const others = viewerId !== null && viewerId !== memberId;
  const noLikes: LikeState = { likedByMe: false, likesMe: false };
  const [photos, related, likes] = await Promise.all([
    findActivePhotos(db, memberId),
    findRelatedCards(db, {
      niche: site.niche,
      country: member.profile.country,
      gender: member.profile.gender,
      memberId,
      viewerId,
      limit: RELATED_LIMIT,
    }),
    others ? findLikeState(db, viewerId, memberId) : noLikes,
    others ? markLikeSeen(db, memberId, viewerId) : undefined,
    // Who viewed me (modules/visits): the statement itself skips invisible visitors, visitors who turned visits off
    // and blocked pairs, and keeps one visit per visitor and day.
    others && !blockedByMe ? recordVisit(db, viewerId, memberId) : undefined,
  ]);
  const opts = { cdnPrefix: site.cdnPrefix, visibleFields: site.visibleProfileFields };
  const now = new Date();
  return {
    profile: presentMemberProfile(member, photos, { ...opts, viewer, blockedByMe, likes, now }),
    related: related.map((r) => presentProfileCard(r, opts, now)),
  };
}
