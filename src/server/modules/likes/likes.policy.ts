import type { MemberAccess } from '../member-profile/member-profile.policy';

/**
 * Who may like whom (issue 9). Pure rules; the service gathers the facts.
 *
 * - The liker must be confirmed: an account that is not active yet (e-mail not confirmed, profile still disabled)
 *   may not like (403 email_not_confirmed). Its profile is hidden from everybody, so its like could not be shown
 *   to anyone, and a like is a contact attempt like a message.
 * - The liked member must be visible to the liker by the member-profile rules, and in addition not invisible (an
 *   invisible member is "gone from search and listings; cannot be messaged or liked first", even for chat partners
 *   who still see the profile) and not blocked by the liker. Every other case answers exactly like an unknown id.
 */
export interface LikerFacts {
  userStatus: string;
  profileStatus: string;
}

export interface LikedFacts {
  /** member-profile.policy memberAccess for the liker */
  access: MemberAccess;
  invisible: boolean;
  /** the liker has blocked the member */
  blockedByLiker: boolean;
}

export function likerMayLike(liker: LikerFacts): boolean {
  return liker.userStatus === 'active' && liker.profileStatus === 'active';
}

export function mayBeLiked(member: LikedFacts): boolean {
  return member.access === 'visible' && !member.invisible && !member.blockedByLiker;
}
