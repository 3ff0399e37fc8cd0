/** `?gift=1`: the conversation opens with its gift picker open (a profile's gift button). */
export const GIFT_PARAM = 'gift';

/** The way into the conversation with a member (/members/:id/chat), optionally with the gift picker open. */
export const memberChatPath = (memberId: number, opts: { gift?: boolean } = {}) =>
  `/members/${memberId}/chat${opts.gift ? `?${GIFT_PARAM}=1` : ''}`;
