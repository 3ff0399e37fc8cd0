import type { Conversation } from '../../../shared/schemas/chat';

/**
 * Whether the member can pay for a send, from the server's own numbers (issue 27, points 5 and 6): the credits
 * balance, the free texts left and the costs of the site settings, as GET /api/conversation.php and the send answers
 * give them. The same rule as the server's (chat.service sendMessage): a text is free while free messages are left,
 * anything else costs its credits. The server stays the judge (402 insufficient_credits); this only lets the screen
 * tell the member before a send instead of after.
 */
export type SendKind = 'text' | 'gift' | 'photo';

export interface SendTerms {
  credits: number;
  free_messages_left: number;
  costs: Conversation['costs'];
}

/** What a send of `kind` costs in credits right now (0: a free text). */
export function creditsFor(terms: SendTerms, kind: SendKind): number {
  if (kind === 'text' && terms.free_messages_left > 0) return 0;
  return kind === 'text' ? terms.costs.message : terms.costs[kind];
}

/** The terms once the sends still on their way have been paid (they are taken in order, before a new one). */
export function afterSends(terms: SendTerms, sends: readonly { kind: SendKind }[]): SendTerms {
  let { credits, free_messages_left } = terms;
  for (const send of sends) {
    const cost = creditsFor({ ...terms, credits, free_messages_left }, send.kind);
    if (cost === 0) free_messages_left -= 1;
    else credits -= cost;
  }
  return { ...terms, credits, free_messages_left };
}

export function canAfford(terms: SendTerms, kind: SendKind): boolean {
  return creditsFor(terms, kind) <= terms.credits;
}
