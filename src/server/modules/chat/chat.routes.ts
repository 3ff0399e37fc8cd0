import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '../../../shared/schemas/accounts';
import {
  chatsResponseSchema,
  conversationSchema,
  deleteChatRequestSchema,
  messagesQuerySchema,
  messagesResponseSchema,
  openConversationRequestSchema,
  readChatRequestSchema,
  sendMessageRequestSchema,
  sendMessageResponseSchema,
} from '../../../shared/schemas/chat';
import {
  deleteChat,
  getConversation,
  listChats,
  listMessages,
  openConversation,
  presentMessage,
  readChat,
  sendMessage,
} from './chat.service';

/**
 * Chat (issue 11): GET /api/chats.php, DELETE /api/chat.php, GET|POST /api/conversation.php, GET /api/messages.php,
 * POST /api/message.php, POST /api/chat-read.php. Every call needs a session; docs/api.md "Chat". What changes is
 * announced on the live connections of both members (modules/live).
 */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
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

  app.post(
    '/api/message.php',
    { schema: { body: sendMessageRequestSchema, response: { 200: sendMessageResponseSchema } } },
    async (req) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      const sent = await sendMessage(app.db, user.id, req.body, site);
      const mine = presentMessage(sent.message, user.id);
      if (sent.created) {
        // The member's cached session holds the credits: drop it on every instance.
        req.memberChanged(user.id);
        app.live.publish([user.id], {
          type: 'message.new',
          conversation_id: sent.message.conversationId,
          message: mine,
        });
        app.live.publish([user.id], { type: 'credits.changed', credits: sent.credits });
        if (!sent.message.held)
          app.live.publish([sent.recipientId], {
            type: 'message.new',
            conversation_id: sent.message.conversationId,
            message: presentMessage(sent.message, sent.recipientId),
          });
      }
      return { message: mine, credits: sent.credits, free_messages_left: sent.freeMessagesLeft };
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
