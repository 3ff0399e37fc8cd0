import { z } from 'zod';
import { chatMessageSchema } from './schemas/chat';

/**
 * Live events (ARCHITECTURE "Live events"): one WebSocket per signed-in tab at /api/live, authenticated by the
 * session cookie. Every event carries an `id` (unique; the client ignores one it has seen) and `at` (ISO time).
 * After a reconnect the client refetches what it shows (chats, likes, the open conversation), so a dropped
 * connection loses nothing; polling stays as the fallback.
 */
export const LIVE_PATH = '/api/live';

/**
 * The close code of a socket whose session ended (logged out, password changed, account deleted, logged out from
 * another device): the client checks whether it is still signed in instead of just reconnecting.
 */
export const LIVE_CLOSE_SESSION_ENDED = 4001;

/**
 * The close code of every socket of an instance that shuts down (a deploy, a scale-down): RFC 6455's "service
 * restart", the hint to reconnect at once; the load balancer sends the new connection to another instance.
 */
export const LIVE_CLOSE_SERVER_RESTART = 1012;

const base = { id: z.string(), at: z.string() };

export const liveEventSchema = z.discriminatedUnion('type', [
  /** a message in one of the member's conversations (also the member's own, sent from another tab) */
  z.object({
    ...base,
    type: z.literal('message.new'),
    conversation_id: z.number().int(),
    message: chatMessageSchema,
  }),
  /** the partner read the conversation up to this message id */
  z.object({
    ...base,
    type: z.literal('message.read'),
    conversation_id: z.number().int(),
    read_up_to: z.number().int(),
  }),
  /** the partner is typing (shown for a few seconds) */
  z.object({ ...base, type: z.literal('typing'), conversation_id: z.number().int() }),
  /** the member removed the chat (in another tab) */
  z.object({ ...base, type: z.literal('conversation.removed'), conversation_id: z.number().int() }),
  /** the partner unmatched: the conversation is ended (no more messages either way) */
  z.object({ ...base, type: z.literal('conversation.ended'), conversation_id: z.number().int() }),
  /** the member's credits changed (a message paid, a payment settled) */
  z.object({ ...base, type: z.literal('credits.changed'), credits: z.number().int() }),
  /** somebody liked the member; `match` when the member likes them too */
  z.object({ ...base, type: z.literal('like.new'), member_id: z.number().int(), match: z.boolean() }),
  /** the member's account changed (premium bought, e-mail confirmed): refetch the user */
  z.object({ ...base, type: z.literal('user.changed') }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;
export type LiveEventType = LiveEvent['type'];

/** What a client may send: typing in a conversation, or a keep-alive. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('typing'), conversation_id: z.number().int().positive() }),
  z.object({ type: z.literal('ping') }),
  /** the tab was shown or hidden (notifications are not sent about what the member is looking at) */
  z.object({ type: z.literal('presence'), visible: z.boolean() }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;
