/**
 * Who may write to whom in chat (issue 11). Pure rules; the service gathers the facts.
 *
 * - Blocked either way: no contact at all (blocking deletes the conversation too).
 * - A partner whose account is deleted or disabled, or whose profile an operator disabled, cannot be written to.
 * - An invisible member cannot be messaged first: only by members already in contact (a delivered message between
 *   them). The invisible member may start conversations.
 * - A partner whose e-mail is not confirmed yet (who wrote first at signup) can be answered; that partner cannot
 *   reply until the address is confirmed (`partnerCanReply`).
 * - Starting (opening a conversation with somebody new) follows the profile rules: the member must be visible to the
 *   viewer (member-profile.policy) and not blocked by the viewer.
 * - The sender's own unconfirmed address does not stop a message: it is held and delivered on confirmation.
 * Every refusal answers like an unknown id (404).
 */
export interface PartnerFacts {
  userStatus: string;
  profileStatus: string;
  invisible: boolean;
  blockedEitherWay: boolean;
  /** a delivered message exists between the two */
  inContact: boolean;
}

export function mayWriteTo(p: PartnerFacts): boolean {
  if (p.blockedEitherWay) return false;
  if (p.userStatus === 'not_confirmed') return true;
  if (p.userStatus !== 'active' || p.profileStatus !== 'active') return false;
  return !p.invisible || p.inContact;
}

export function partnerCanReply(p: Pick<PartnerFacts, 'userStatus'>): boolean {
  return p.userStatus === 'active';
}

/** The sender's messages are held until the sender's address is confirmed. */
export function heldUntilConfirmed(senderStatus: string): boolean {
  return senderStatus === 'not_confirmed';
}
