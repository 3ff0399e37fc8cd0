import { z } from 'zod';
import { chatMessageSchema } from './chat';

/**
 * GET /api/messages-since.php?after=&limit=: a reconnecting client catches up in one call. Every message of every
 * conversation of the member with an id above `after` (the last message id the client saw), oldest first, as
 * messages.php would show each; `has_more`: call again with after = the last id.
 */
export const messagesSinceQuerySchema = z.object({
  after: z.coerce.number().int().min(0),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export const messagesSinceResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  has_more: z.boolean(),
});
export type MessagesSinceResponse = z.infer<typeof messagesSinceResponseSchema>;
