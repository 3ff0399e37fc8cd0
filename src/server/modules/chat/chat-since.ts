import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type MessagesSinceResponse,
  messagesSinceQuerySchema,
  messagesSinceResponseSchema,
} from '../../../shared/schemas/chat-since';
import type { Db } from '../../db/client';
import { conversationMembers, messages } from '../../db/schema';
import { findNthNewestId, type MemberSide } from './chat.repo';
import { type ChatSite, presentMessage } from './chat.service';

/**
 * Catch-up after a reconnect (issue 28, reliability): what arrived since the last message id a client saw, in all
 * the member's conversations, in one call, instead of paging back through messages.php?before= per conversation.
 * The same visibility as messages.php: after what the member cleared, no held message of the partner, nothing a
 * moderation decision removed, and for members who never paid only their free history of each conversation.
 */
export async function listMessagesSince(
  db: Db,
  viewer: { id: number; paidUser: boolean },
  query: { after: number; limit: number },
  site: ChatSite,
): Promise<MessagesSinceResponse> {
  const rows = await db
    .select({ m: messages, cleared: conversationMembers.clearedMessageId })
    .from(messages)
    .innerJoin(
      conversationMembers,
      and(
        eq(conversationMembers.conversationId, messages.conversationId),
        eq(conversationMembers.userId, viewer.id),
      ),
    )
    .where(
      and(
        gt(messages.id, query.after),
        sql`${messages.id} > ${conversationMembers.clearedMessageId}`,
        or(eq(messages.senderId, viewer.id), eq(messages.held, false)),
        isNull(messages.removedAt),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(query.limit + 1);
  const hasMore = rows.length > query.limit;
  let page = rows.slice(0, query.limit);
  if (!viewer.paidUser && page.length > 0) {
    // The free history's oldest visible message per conversation (messages.php hides what is older).
    const floors = new Map<number, number>();
    for (const r of page) {
      const c = r.m.conversationId;
      if (floors.has(c)) continue;
      const side = { conversationId: c, clearedMessageId: r.cleared } as MemberSide;
      floors.set(c, await findNthNewestId(db, viewer.id, side, site.freeHistoryMessages));
    }
    page = page.filter((r) => r.m.id >= (floors.get(r.m.conversationId) ?? 0));
  }
  return {
    messages: page.map((r) => presentMessage(r.m, viewer.id, site.cdnPrefix)),
    has_more: hasMore,
  };
}

/** GET /api/messages-since.php (signed in). */
export const chatSinceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/messages-since.php',
    { schema: { querystring: messagesSinceQuerySchema, response: { 200: messagesSinceResponseSchema } } },
    async (req, reply) => {
      const { user } = req.requireAuth();
      const { site } = await req.resolveSite();
      reply.header('Cache-Control', 'no-store');
      return listMessagesSince(app.db, { id: user.id, paidUser: user.paidUser }, req.query, site);
    },
  );
};
