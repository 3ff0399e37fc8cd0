import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '../../../shared/schemas/accounts';
import {
  type ChatMessage,
  chatMessageSchema,
  chatsResponseSchema,
  conversationSchema,
  deleteChatRequestSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  openConversationRequestSchema,
  readChatRequestSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
  unmatchRequestSchema,
} from '../../../shared/schemas/chat';
import { PHOTO_UPLOAD } from '../../../shared/schemas/photos';
import { AppError } from '../../lib/app-error';
import type { MediaStorage } from '../../lib/storage';
import { photoInvalid, photoTooLarge } from '../photos/photos.service';
import {
  deleteChat,
  getConversation,
  listChats,
  listMessages,
  openConversation,
  presentMessage,
  readChat,
  type SentMessage,
  sendMessage,
  viewPhoto,
} from './chat.service';
import { removeChatPhoto, storeChatPhoto } from './chat-photos';
import { findMessageByClientId } from './chat-send.repo';
import { unmatchConversation } from './chat-unmatch';

const photoFieldsSchema = z.object({ conversation: z.coerce.number().int().positive(), client_id: z.uuid() });

/**
 * The photo message's upload: multipart with the fields `conversation` and `client_id` (before the file, or in the
 * query string) and the file `photo`, at most PHOTO_UPLOAD.maxBytes.
 */
async function readPhotoMessage(req: FastifyRequest) {
  if (!req.isMultipart()) throw photoInvalid();
  const part = await req.file();
  if (!part || part.fieldname !== PHOTO_UPLOAD.field) throw photoInvalid();
  const fromParts = Object.fromEntries(
    Object.entries(part.fields).flatMap(([name, f]) =>
      f && !Array.isArray(f) && f.type === 'field' ? [[name, String(f.value)]] : [],
    ),
  );
  const fields = photoFieldsSchema.safeParse({ ...(req.query as object), ...fromParts });
  if (!fields.success) throw new AppError(400, 'validation_failed');
  try {
    return { fields: fields.data, file: await part.toBuffer() };
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw photoTooLarge();
    throw err;
  }
}

/**
 * Chat (issue 11): GET /api/chats.php, DELETE /api/chat.php, GET|POST /api/conversation.php, GET /api/messages.php,
 * POST /api/message.php, POST /api/chat-read.php, POST /api/unmatch.php. Every call needs a session; docs/api.md "Chat". What changes is
 * announced on the live connections of both members (modules/live).
 */
export const chatRoutes: FastifyPluginAsyncZod<{ storage: MediaStorage }> = async (app, opts) => {
  app.addHook('onRequest', async (req) => {
    req.requireAuth();
  });

  app.get('/api/chats.php', { schema: { response: { 200: chatsResponseSchema } } }, async (req, reply) => {
    const { user } = req.requireAuth();
    const { site } = await req.resolveSite();
    reply.header('Cache-Control', 'no-store');
    return listChats(app.db, user.id, site);
  });

  app.delete(
    '/api/chat.php',
    { schema: { body: deleteChatRequestSchema, response: { 200: okSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      await deleteChat(app.db, user.id, req.body.conversation);
      app.live.publish([user.id], { type: 'conversation.removed', conversation_id: req.body.conversation });
      return { ok: true as const };
    },
  );

  // Unmatch (issue 21, point 4): the conversation ends for both; the partner's open tabs show it ended.
  app.post(
    '/api/unmatch.php',
    { schema: { body: unmatchRequestSchema, response: { 200: okSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      const conversationId = req.body.conversation;
      const { partnerId, ended } = await unmatchConversation(app.db, user.id, conversationId);
      if (ended) {
        app.live.publish([user.id], { type: 'conversation.removed', conversation_id: conversationId });
        app.live.publish([partnerId], { type: 'conversation.ended', conversation_id: conversationId });
      }
      return { ok: true as const };
    },
  );

  app.get(
    '/api/conversation.php',
    {
      schema: {
        querystring: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ conversation: conversationSchema }) },
      },
    },
    async (req, reply) => {
      const auth = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      const viewer = { id: auth.user.id, country: auth.profile.country };
      return { conversation: await getConversation(app.db, viewer, req.query.id, site) };
    },
  );

  app.post(
    '/api/conversation.php',
    {
      schema: {
        body: openConversationRequestSchema,
        response: { 200: z.object({ conversation: conversationSchema }) },
      },
    },
    async (req) => {
      const auth = req.requireAuth();
      const { site } = await req.resolveSite();
      const viewer = { id: auth.user.id, country: auth.profile.country, session: auth };
      return { conversation: await openConversation(app.db, viewer, req.body.member, site) };
    },
  );

  app.get(
    '/api/messages.php',
    { schema: { querystring: messagesQuerySchema, response: { 200: messagesResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      return listMessages(app.db, { id: user.id, paidUser: user.paidUser }, req.query, site);
    },
  );

  /** Tells the sender's tabs (the message, the credits) and, once delivered, the recipient's. */
  function announce(req: FastifyRequest, sent: SentMessage, cdnPrefix: string): ChatMessage {
    const senderId = sent.message.senderId!;
    const mine = presentMessage(sent.message, senderId, cdnPrefix);
    if (!sent.created) return mine;
    // The member's cached session holds the credits: announced on every instance (plugins/session.ts announces the
    // member of every state-changing request), and kept on this one with the new balance.
    req.keepSession((s) => ({ ...s, user: { ...s.user, credits: sent.credits } }));
    const conversationId = sent.message.conversationId;
    app.live.publish([senderId], { type: 'message.new', conversation_id: conversationId, message: mine });
    app.live.publish([senderId], { type: 'credits.changed', credits: sent.credits });
    if (!sent.message.held)
      app.live.publish([sent.recipientId], {
        type: 'message.new',
        conversation_id: conversationId,
        message: presentMessage(sent.message, sent.recipientId, cdnPrefix),
      });
    return mine;
  }

  app.post(
    '/api/message.php',
    { schema: { body: sendMessageRequestSchema, response: { 200: sendMessageResponseSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      const sent = await sendMessage(app.db, user.id, req.body, site);
      return {
        message: announce(req, sent, site.cdnPrefix),
        credits: sent.credits,
        free_messages_left: sent.freeMessagesLeft,
      };
    },
  );

  // Scoped to this plugin: multipart bodies only for the photo message.
  await app.register(fastifyMultipart, { limits: { fileSize: PHOTO_UPLOAD.maxBytes, files: 1, fields: 4 } });

  app.post(
    '/api/message-photo.php',
    { schema: { response: { 200: sendMessageResponseSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      const { fields, file } = await readPhotoMessage(req);
      const again = await findMessageByClientId(app.db, user.id, fields.client_id);
      if (again) {
        const sent = await sendMessage(
          app.db,
          user.id,
          { ...fields, kind: 'photo', photoKey: again.photoKey ?? '' },
          site,
        );
        return {
          message: announce(req, sent, site.cdnPrefix),
          credits: sent.credits,
          free_messages_left: sent.freeMessagesLeft,
        };
      }
      const stem = await storeChatPhoto(opts.storage, file);
      try {
        const sent = await sendMessage(app.db, user.id, { ...fields, kind: 'photo', photoKey: stem }, site);
        // A retry that raced this one stored the photo first: this copy is not used.
        if (!sent.created) await removeChatPhoto(opts.storage, stem);
        return {
          message: announce(req, sent, site.cdnPrefix),
          credits: sent.credits,
          free_messages_left: sent.freeMessagesLeft,
        };
      } catch (err) {
        await removeChatPhoto(opts.storage, stem);
        throw err;
      }
    },
  );

  app.post(
    '/api/message-view.php',
    {
      schema: {
        body: z.object({ message: z.number().int().positive() }),
        response: { 200: z.object({ message: chatMessageSchema }) },
      },
    },
    async (req) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      return { message: await viewPhoto(app.db, user.id, req.body.message, site.cdnPrefix) };
    },
  );

  app.post(
    '/api/chat-read.php',
    {
      schema: {
        body: readChatRequestSchema,
        response: { 200: z.object({ ok: z.literal(true), read_up_to: z.number().int() }) },
      },
    },
    async (req) => {
      const { user } = req.requireAuth();
      const { partnerId, readUpTo } = await readChat(app.db, user.id, req.body.conversation);
      if (readUpTo > 0)
        app.live.publish([partnerId], {
          type: 'message.read',
          conversation_id: req.body.conversation,
          read_up_to: readUpTo,
        });
      return { ok: true as const, read_up_to: readUpTo };
    },
  );
};
