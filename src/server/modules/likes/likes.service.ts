import { RULES } from '../../../shared/rules';
import type { LikeCard, LikeResponse, LikesResponse, LikeTab } from '../../../shared/schemas/likes';
import type { AutoLikeResponse } from '../../../shared/schemas/matching';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import type { SessionWithUser } from '../auth/sessions.repo';
import {
  type CardSite,
  cardOptions,
  type PresentOptions,
  presentProfileCard,
} from '../member-profile/member-profile.presenter';
import { accessToMember, memberNotFound } from '../member-profile/member-profile.service';
import { notify } from '../notifications/notifications.service';
import { likerMayLike, mayBeLiked } from './likes.policy';
import {
  claimAutoLike,
  countLikes,
  deleteLike,
  findCard,
  findLikePage,
  findLikeState,
  insertLikeUnlessBlocked,
  type LikeCardRow,
  type LikeCounts,
} from './likes.repo';

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
  /** runs in the like's transaction when the like is new (see insertLikeUnlessBlocked) */
  onNewLike?: (tx: Tx) => Promise<void>,
): Promise<LikeResponse> {
  const likerId = liker.user.id;
  if (likerId === memberId) throw cannotLikeSelf();
  if (!likerMayLike({ userStatus: liker.user.status, profileStatus: liker.profile.status }))
    throw emailNotConfirmed();
  const { member, access, blockedByMe } = await accessToMember(db, liker, memberId);
  if (!member || !mayBeLiked({ access, invisible: member.profile.invisible, blockedByLiker: blockedByMe }))
    throw memberNotFound();
  // A new like is told to the member (once per liker, whatever unlikes and likes follow: docs/notifications.md).
  const onInsert = async (tx: Tx) => {
    await notify(tx, memberId, 'like', `liker:${likerId}`, { from_id: likerId });
    await onNewLike?.(tx);
  };
  if (!(await insertLikeUnlessBlocked(db, likerId, memberId, onInsert))) throw memberNotFound();
  const [state, card] = await Promise.all([findLikeState(db, likerId, memberId), findCard(db, memberId)]);
  if (!card) throw memberNotFound();
  return {
    liked: true,
    match: state.likedByMe && state.likesMe,
    profile: presentProfileCard(card, cardOptions(site)),
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
 * How far each count of a likes page goes (see countLikes): the tab shown to a little past the page shown, so the
 * pager knows whether more pages follow; the other tabs and the new likes to the badge cap (shown as "99+").
 */
export function likeCountCaps(tab: LikeTab, page: number): LikeCounts {
  const label = RULES.badges.cap;
  const shown = Math.max(label, page * RULES.likes.pageSize + RULES.likes.countAhead);
  return {
    received: tab === 'received' ? shown : label,
    given: tab === 'given' ? shown : label,
    matches: tab === 'matches' ? shown : label,
    new: label,
  };
}

/**
 * A page of one likes tab with the counts of all tabs. Every member sees their received likes in full (premium
 * cannot be bought yet: docs/decisions.md "Likes"). Only members the viewer may see now are listed or counted.
 * A count past its cap (likeCountCaps) is answered as cap + 1 with `counts_capped` set (at least that many).
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
  const caps = likeCountCaps(tab, page);
  const [counted, rows, given, received] = await Promise.all([
    countLikes(db, viewerId, caps),
    findLikePage(db, viewerId, tab, size, offset),
    tab === 'given' ? undefined : findLikePage(db, viewerId, 'given', size, 0),
    tab === 'received' ? undefined : findLikePage(db, viewerId, 'received', size, 0),
  ]);
  const opts = cardOptions(site);
  const now = new Date();
  const capped = {
    received: counted.received > caps.received,
    given: counted.given > caps.given,
    matches: counted.matches > caps.matches,
    new: counted.new > caps.new,
  };
  return {
    profiles: (given ?? rows).map((r) => ({ id: r.id })),
    liked_by: (received ?? rows).map((r) => ({ id: r.id, like_new: r.likeNew })),
    tab,
    items: rows.map((r) => presentLikeCard(r, opts, now)),
    page,
    pages: Math.max(1, Math.ceil(counted[tab] / size)),
    pages_capped: capped[tab],
    counts: counted,
    counts_capped: capped,
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
