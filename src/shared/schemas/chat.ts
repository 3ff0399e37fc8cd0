import { z } from 'zod';
import { GIFT_IDS } from '../rules';
import { profileCardSchema } from './members';

/**
 * Chat (issue 11). Every call needs a session. A conversation id the member is not part of, a member blocked either
 * way, or a member the viewer may not contact answers exactly like an unknown id: 404 conversation_not_found /
 * member_not_found. Costs and limits come from the site settings and RULES.chat, never from the client.
 */

const id = z.number().int().positive();

/** A message as the viewer sees it. `mine`: the viewer sent it. */
export const chatMessageSchema = z.object({
  id: z.number().int(),
  /** the sender's id for this message (a UUID made by the sending client; a retried send is stored once) */
  client_id: z.string(),
  conversation_id: z.number().int(),
  mine: z.boolean(),
  kind: z.enum(['text', 'gift', 'photo']),
  /** text messages: the text as typed (render as text, never as HTML) */
  text: z.string().nullable(),
  /** gift messages: the gift's id in GIFT_IDS */
  gift: z.string().nullable(),
  /** photo messages: the image URLs; `blurred` until the recipient taps to view (members who have not matched) */
  photo: z.object({ url: z.string(), thumb_url: z.string(), blurred: z.boolean() }).nullable(),
  created_at: z.string(),
  /**
   * mine only: held (the sender's e-mail is not confirmed yet, or held for moderation: not delivered), sent, or
   * read by the partner
   */
  status: z.enum(['held', 'sent', 'read']),
  /**
   * recipient only, when present: the sender's first message in the conversation carried a scam pattern, an e-mail
   * address, a link or a phone number (issue 21, point 4); the screen shows a gentle warning with it
   */
  safety_warning: z.enum(['scam', 'email', 'link', 'phone']).optional(),
});
export type ChatMessage = z.infer<typeof chatMessageSchema>;

/** The last message of a chat in the list (a short preview). */
export const chatPreviewSchema = z.object({
  kind: z.enum(['text', 'gift', 'photo']),
  /** text: the first characters; gift: the gift id; photo: null */
  text: z.string().nullable(),
  mine: z.boolean(),
  created_at: z.string(),
});

/** GET /api/chats.php: the spec's shape (conversation id, profile id, num_unread_messages) plus what the list shows. */
export const chatsResponseSchema = z.object({
  chats: z.array(
    z.object({
      conversation: z.object({ id: z.number().int() }),
      profile: profileCardSchema,
      num_unread_messages: z.number().int(),
      last_message: chatPreviewSchema.nullable(),
    }),
  ),
  /** the sum of num_unread_messages (top bar badge and title) */
  total_unread: z.number().int(),
});
export type ChatsResponse = z.infer<typeof chatsResponseSchema>;
export type ChatListItem = ChatsResponse['chats'][number];

/** DELETE /api/chat.php { conversation }: removes the chat from the member's list (the partner keeps theirs). */
export const deleteChatRequestSchema = z.object({ conversation: id });

/** POST /api/conversation.php { member }: opens the conversation with a member, starting it when there is none. */
export const openConversationRequestSchema = z.object({ member: id });

/** The conversation's header and the member's terms (GET /api/conversation.php?id=, and the answer of the POST). */
export const conversationSchema = z.object({
  id: z.number().int(),
  /** the partner */
  profile: profileCardSchema,
  /** false while the partner's e-mail address is not confirmed: the partner cannot reply until then */
  partner_can_reply: z.boolean(),
  /** the viewer's own e-mail is not confirmed: the viewer's messages are held until it is */
  held_until_confirmed: z.boolean(),
  /** no message yet (the icebreakers are offered) */
  empty: z.boolean(),
  costs: z.object({ message: z.number().int(), photo: z.number().int(), gift: z.number().int() }),
  /** the most characters a text may have (site setting message_length) */
  message_length: z.number().int(),
  /** free text messages the viewer has left (members who never paid; 0 for others) */
  free_messages_left: z.number().int(),
  /** the viewer's credits now */
  credits: z.number().int(),
  premium: z.boolean(),
  /** when present: the conversation was ended by an unmatch, by the viewer ('me') or the partner; nothing more can
   *  be sent in it */
  ended: z.enum(['me', 'partner']).optional(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** GET /api/messages.php?conversation=&before=&limit=: newest first; `before` is a message id (older pages). */
export const messagesQuerySchema = z.object({
  conversation: z.coerce.number().int().positive(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const messagesResponseSchema = z.object({
  messages: z.array(chatMessageSchema),
  /** more (older) messages can be loaded with before = the last id */
  has_more: z.boolean(),
  /** free members: older messages exist that are hidden ("older messages hidden for privacy"; premium shows them) */
  hidden_older: z.boolean(),
});
export type MessagesResponse = z.infer<typeof messagesResponseSchema>;

/** POST /api/message.php: a text or a gift. Photos go as multipart to POST /api/message-photo.php. */
export const sendMessageRequestSchema = z.discriminatedUnion('kind', [
  z.object({
    conversation: id,
    client_id: z.uuid(),
    kind: z.literal('text'),
    text: z.string().trim().min(1).max(5_000),
  }),
  z.object({ conversation: id, client_id: z.uuid(), kind: z.literal('gift'), gift: z.enum(GIFT_IDS) }),
]);
export type SendMessageRequest = z.infer<typeof sendMessageRequestSchema>;

export const sendMessageResponseSchema = z.object({
  message: chatMessageSchema,
  /** the sender's credits after this message */
  credits: z.number().int(),
  free_messages_left: z.number().int(),
});
export type SendMessageResponse = z.infer<typeof sendMessageResponseSchema>;

/**
 * POST /api/unmatch.php { conversation }: ends the conversation for both (issue 21, point 4): no message either way
 * any more, the likes between the two are taken back, the viewer's chat list forgets it, the partner sees it ended.
 */
export const unmatchRequestSchema = z.object({ conversation: id });

/** POST /api/chat-read.php { conversation }: everything the partner sent so far is read; unread goes to 0. */
export const readChatRequestSchema = z.object({ conversation: id });
