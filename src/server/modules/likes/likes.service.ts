import { RULES } from '../../../shared/rules';
import type { LikeCard, LikeResponse, LikesResponse, LikeTab } from '../../../shared/schemas/likes';
import type { AutoLikeResponse } from '../../../shared/schemas/matching';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import type { SessionWithUser } from '../auth/sessions.repo';
import { memberAccess } from '../member-profile/member-profile.policy';
import {
  type CardSite,
  cardOptions,
  type PresentOptions,
  presentProfileCard,
} from '../member-profile/member-profile.presenter';
import { memberNotFound } from '../member-profile/member-profile.service';
import { likerMayLike, mayBeLiked } from './likes.policy';
import { claimAutoLike, deleteLike, findCard, findLikeTarget, storeLike } from './likes.repo';
import { findLikesView, type LikeCardRow } from './likes-lists.repo';

export const cannotLikeSelf = () => new AppError(400, 'cannot_like_self');
export const emailNotConfirmed = () => new AppError(403, 'email_not_confirmed');

/**
 * Likes a member (idempotent) and says whether the two now like each other. See likes.policy for who may like whom;
 * a member the liker may not like answers exactly like an unknown id (404 member_not_found).
 */
export async function likeMember(
  db: Db,
  liker: Pick<SessionWithUser, 'user' | 'profile'>,
  memberId: number,
  site: CardSite,
  /** runs in the like's transaction when the like is new (see likes.repo storeLike) */
  onNewLike?: (tx: Tx) => Promise<void>,
): Promise<LikeResponse> {
  const likerId = liker.user.id;
  if (likerId === memberId) throw cannotLikeSelf();
  if (!likerMayLike({ userStatus: liker.user.status, profileStatus: liker.profile.status }))
    throw emailNotConfirmed();
  // member-profile.service accessToMember's facts and the card in one statement (docs/performance.md "Likes").
  const target = await findLikeTarget(db, likerId, memberId);
  const access = target
    ? memberAccess(target, {
        viewerId: likerId,
        premium: liker.user.paidUser,
        isOwner: false,
        hasConversation: target.hasConversation,
      })
    : 'not_found';
  if (!target || !mayBeLiked({ access, invisible: target.invisible, blockedByLiker: target.blockedByMe }))
    throw memberNotFound();
  // storeLike checks again under the pair lock (listed, no block): a member hidden or blocking meanwhile is refused.
  // It also queues the liked member's notification of a new like.
  const stored = await storeLike(db, likerId, memberId, onNewLike);
  if (!stored.liked) throw memberNotFound();
  return {
    liked: true,
    match: stored.match,
    profile: presentProfileCard(target.card, cardOptions(site)),
  };
}

/** Takes a like back; always succeeds (also when there was no like, or the member is gone). */
export async function unlikeMember(db: Db, likerId: number, memberId: number): Promise<void> {
  await deleteLike(db, likerId, memberId);
}

function presentLikeCard(row: LikeCardRow, opts: PresentOptions, now: Date): LikeCard {
  return {
    ...presentProfileCard(row, opts, now),
    like_new: row.likeNew,
    match: row.match,
    liked_at: row.likedAt.toISOString(),
  };
}

/**
 * A page of one likes tab with the counts of all tabs. Every member sees their received likes in full (premium
 * cannot be bought yet: docs/decisions.md "Likes"). Only members the viewer may see now are listed or counted. The
 * counts are exact (like_counts, kept by the writes); the spec's `profiles` and `liked_by` of the tabs not shown
 * are ids only. One statement (likes.repo findLikesView).
 */
export async function listLikes(
  db: Db,
  viewerId: number,
  query: { tab: LikeTab; page: number },
  site: CardSite,
): Promise<LikesResponse> {
  const size = RULES.likes.pageSize;
  const { tab, page } = query;
  const offset = (page - 1) * size;
  const { rows, ...summary } = await findLikesView(db, viewerId, tab, size, offset);
  const opts = cardOptions(site);
  const now = new Date();
  const { counts } = summary;
  return {
    profiles: summary.given?.map((id) => ({ id })) ?? rows.map((r) => ({ id: r.id })),
    liked_by:
      summary.received?.map((r) => ({ id: r.id, like_new: r.likeNew })) ??
      rows.map((r) => ({ id: r.id, like_new: r.likeNew })),
    tab,
    items: rows.map((r) => presentLikeCard(r, opts, now)),
    page,
    pages: Math.max(1, Math.ceil(counts[tab] / size)),
    pages_capped: false,
    counts,
    counts_capped: { received: false, given: false, matches: false, new: false },
  };
}

/**
 * The like modal's like (GET /api/auto-like.php): a real member who liked the viewer, whose like is still new and
 * was never announced; announcing it marks it, so each like is announced once. Never an invented like
 * (docs/decisions.md "Likes"). `match`: the viewer likes the liker too, so the modal is the match modal.
 */
export async function autoLike(db: Db, viewerId: number, site: CardSite): Promise<AutoLikeResponse> {
  const claimed = await claimAutoLike(db, viewerId);
  if (!claimed) return { profile: null, match: false };
  const card = await findCard(db, claimed.likerId);
  if (!card) return { profile: null, match: false };
  const { id, name, main_image } = presentProfileCard(card, cardOptions(site));
  return { profile: { id, name, main_image }, match: claimed.match };
}
