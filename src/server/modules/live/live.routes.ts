import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { WebSocket } from 'ws';
import { LIVE_PATH, liveClientMessageSchema } from '../../../shared/realtime';
import { RULES } from '../../../shared/rules';
import { AppError } from '../../lib/app-error';
import type { EventBus } from '../../lib/event-bus';
import { findValidSessionIds } from '../auth/sessions.repo';
import { findMemberSide } from '../chat/chat.repo';
import { markHidden, markVisible } from '../notifications/notifications.repo';
import { LiveHub } from './live.hub';

/** A socket's conversations already checked (id → partner), at most this many remembered. */
const MEMBERSHIP_CACHE = 50;

/** The page that opens the socket must be this site's: the Origin's host is the request's host. */
export function sameOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * After the upgrade a socket needs only its member's id, but the upgrade request stayed reachable for the socket's
 * whole life, with the session rows it points to: about half of an idle socket's heap (docs/performance.md "Chat").
 * Two paths held it: @fastify/websocket's per-socket error listener, which closes over `request` and `reply`
 * (replaced here by one that does what its default handler does: log, terminate), and the ServerResponse the
 * plugin assigns to the TCP socket, whose listeners (Fastify's response logging) hold `reply`. The session rows are
 * dropped from the request as well, in case another path appears.
 */
function releaseUpgradeRequest(
  req: FastifyRequest,
  socket: WebSocket,
  onError: (this: WebSocket, err: Error) => void,
): void {
  req.auth = null;
  req.sessionEntry = null;
  socket.removeAllListeners('error');
  socket.on('error', onError);
  const tcp = req.raw.socket as (Socket & { _httpMessage?: ServerResponse | null }) | undefined;
  if (tcp?._httpMessage) tcp._httpMessage.detachSocket(tcp);
}

/**
 * GET /api/live: one WebSocket per signed-in tab (ARCHITECTURE "Live events"). The session cookie authenticates
 * the upgrade (403 authentication_required without a valid session) and the Origin must be the site itself (403
 * forbidden_origin), so another site cannot open a socket with the member's cookie. The socket lives as long as its
 * session: when the session ends it is closed with LIVE_CLOSE_SESSION_ENDED (LiveHub). The server sends LiveEvent
 * frames; the client may send `typing` (passed on to the partner, at most every RULES.chat.typingEventMinIntervalMs
 * per conversation) and `ping`. Everything else is ignored.
 */
export const liveRoutes = fp<{ bus: EventBus }>(async (app: FastifyInstance, opts: { bus: EventBus }) => {
  // Sockets of ended sessions close when the end is announced (SESSIONS_REVOKED); the periodic check of every
  // socket's session catches what an announcement missed (a lost pub/sub message, an expiry).
  const hub = new LiveHub(opts.bus, { checkSessions: (ids) => findValidSessionIds(app.db, ids) });
  app.decorate('live', hub);
  app.metrics.watchLive(hub);
  app.addHook('onClose', async () => hub.close());
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 4_096, perMessageDeflate: false },
    // Instead of the plugin's default (every client closed without a code): the hub closes members' sockets with
    // the reconnect hint before the server stops.
    preClose(done) {
      hub.close().then(
        () => this.websocketServer.close(() => done()),
        () => this.websocketServer.close(() => done()),
      );
    },
  });
  // What @fastify/websocket's default error handler does (an invalid frame, a frame over maxPayload), shared by all
  // sockets instead of a closure per socket over its upgrade request.
  function onSocketError(this: WebSocket, err: Error): void {
    app.log.error(err);
    this.terminate();
  }

  app.get(
    LIVE_PATH,
    {
      websocket: true,
      preValidation: async (req) => {
        req.requireAuth();
        if (!sameOrigin(req)) throw new AppError(403, 'forbidden_origin');
      },
    },
    (socket, req) => {
      const { user, session } = req.requireAuth();
      const userId = user.id;
      releaseUpgradeRequest(req, socket, onSocketError);
      if (!hub.add(userId, session.id, socket)) return;
      // Presence (docs/notifications.md): an open tab is looking until it says it is hidden or the last one closes.
      const presence = (visible: boolean) =>
        void (visible ? markVisible(app.db, userId) : markHidden(app.db, userId)).catch(() => undefined);
      presence(true);
      socket.on('close', () => {
        if (!hub.connected(userId)) presence(false);
      });
      // Made at the first typing event (most sockets never send one): two Maps less per idle socket.
      let partners: Map<number, number | null> | undefined;
      let lastTyping: Map<number, number> | undefined;
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        if (isBinary) return;
        let parsed: unknown;
        try {
          parsed = JSON.parse(data.toString());
        } catch {
          return;
        }
        const msg = liveClientMessageSchema.safeParse(parsed);
        if (msg.success && msg.data.type === 'presence') return presence(msg.data.visible);
        if (!msg.success || msg.data.type !== 'typing') return;
        const conversationId = msg.data.conversation_id;
        const now = Date.now();
        lastTyping ??= new Map();
        if (now - (lastTyping.get(conversationId) ?? 0) < RULES.chat.typingEventMinIntervalMs) return;
        lastTyping.set(conversationId, now);
        void partnerIn(conversationId).then((partnerId) => {
          if (partnerId !== null)
            hub.publish([partnerId], { type: 'typing', conversation_id: conversationId });
        });
      });

      async function partnerIn(conversationId: number): Promise<number | null> {
        partners ??= new Map();
        const known = partners.get(conversationId);
        if (known !== undefined) return known;
        const side = await findMemberSide(app.db, userId, conversationId).catch(() => undefined);
        if (partners.size >= MEMBERSHIP_CACHE) partners.clear();
        partners.set(conversationId, side?.partnerId ?? null);
        return side?.partnerId ?? null;
      }
    },
  );
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Live events to members' open tabs (modules/live). */
    live: LiveHub;
  }
}
