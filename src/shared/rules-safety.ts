/**
 * Safer dating (issue 21, points 3 and 4): who viewed me, and the checks of first messages in chat. Re-exported by
 * rules.ts.
 */
export const SAFETY_RULES = {
  visits: {
    /** visits older than this are deleted by the visits-expiry job */
    keepDays: 90,
    /** how often the expiry job runs */
    expiryEveryMinutes: 60,
    /** visitors per page of the visitors tab */
    pageSize: 24,
    /** free members see at most this many blurred cards (the count is exact) */
    blurredCardsMax: 12,
  },
  firstMessage: {
    /**
     * The same first message (the sender's first in a conversation) to this many other members within the window:
     * the next one is refused (429 first_message_rate_limited) and the sender is flagged for moderation as spam.
     */
    repeatMembers: 3,
    repeatWindowMinutes: 60,
  },
} as const;
