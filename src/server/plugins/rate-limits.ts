import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { codeLookupLimit } from './code-lookup-limits';

/**
 * Rate limits per route, in one table (matched route + method -> limit). Keyed by the signed-in member where a
 * route needs a session (a member cannot escape by changing address), else by the client's address (as proxies
 * report it: see TRUST_PROXY). Every limit is multiplied by RATE_LIMIT_SCALE (1 in production; tests and load tests
 * raise it). Limits that routes declare themselves (login, mail-sending calls, geocoding) stay on those routes.
 */
export interface RouteLimit {
  max: number;
  timeWindow: string;
  /** `member`: per signed-in member (falls back to the address for visitors); `ip`: per client address. */
  per: 'member' | 'ip';
}

export const ROUTE_LIMITS: Record<string, RouteLimit> = {
  // Search: a person pages through results; a scraper walks all of them.
  'GET /api/search.php': { max: 120, timeWindow: '1 minute', per: 'member' },
  // Member profiles: the same reasoning as search.
  'GET /api/member.php': { max: 240, timeWindow: '1 minute', per: 'member' },
  // Photo uploads cost image work (lib/images.ts); changes and deletions are cheap but are writes.
  'POST /api/photos.php': { max: 30, timeWindow: '10 minutes', per: 'member' },
  'PUT /api/photos.php': { max: 60, timeWindow: '1 minute', per: 'member' },
  'DELETE /api/photos.php': { max: 60, timeWindow: '1 minute', per: 'member' },
  // Photo verification: a challenge is cheap, a selfie costs the face model (and only a few a day count anyway).
  'POST /api/verification.php': { max: 20, timeWindow: '1 hour', per: 'member' },
  'POST /api/verification-selfie.php': { max: 10, timeWindow: '1 hour', per: 'member' },
  // Blocks: enough to clean up a list, too few to probe many ids.
  'POST /api/block.php': { max: 30, timeWindow: '10 minutes', per: 'member' },
  'DELETE /api/block.php': { max: 30, timeWindow: '10 minutes', per: 'member' },
  // Likes: plenty for a person going through profiles, too few to like (or probe) members in bulk.
  'POST /api/like.php': { max: 120, timeWindow: '10 minutes', per: 'member' },
  'DELETE /api/like.php': { max: 120, timeWindow: '10 minutes', per: 'member' },
  // Swipes: passes are unlimited by the game, so a person may swipe quickly; likes there stop at 4 a day anyway.
  'POST /api/swipe-game.php': { max: 300, timeWindow: '10 minutes', per: 'member' },
  // The ranking scores hundreds of candidates per call.
  'GET /api/match-finder.php': { max: 60, timeWindow: '1 minute', per: 'member' },
  'PUT /api/match-preferences.php': { max: 30, timeWindow: '10 minutes', per: 'member' },
  // Payments: each call creates a payment at the provider; a person needs a few, never dozens.
  'POST /api/payment.php': { max: 20, timeWindow: '10 minutes', per: 'member' },
  'POST /api/repeat-order.php': { max: 10, timeWindow: '10 minutes', per: 'member' },
  // Withdrawals: each may send a refund to the provider; a member has a few payments to withdraw from, not dozens.
  'POST /api/withdrawal.php': { max: 20, timeWindow: '10 minutes', per: 'member' },
  // Chat: a person types a few messages a minute; a spammer sends many (the same text to many members is also held
  // for moderation: chat.service). Opening conversations probes members, so it is limited like likes.
  'POST /api/message.php': { max: 60, timeWindow: '1 minute', per: 'member' },
  'POST /api/conversation.php': { max: 60, timeWindow: '10 minutes', per: 'member' },
  'DELETE /api/chat.php': { max: 60, timeWindow: '10 minutes', per: 'member' },
  // Unmatch ends a conversation for good: a person ends a few, never dozens in minutes.
  'POST /api/unmatch.php': { max: 30, timeWindow: '10 minutes', per: 'member' },
  // Who viewed me: paged like the likes lists.
  'GET /api/visitors.php': { max: 120, timeWindow: '1 minute', per: 'member' },
  // Reports: a person reports a few members, never many.
  'POST /api/report.php': { max: 20, timeWindow: '10 minutes', per: 'member' },
  // Live connections: a tab reconnects after a drop; a loop of reconnects is refused.
  'GET /api/live': { max: 30, timeWindow: '1 minute', per: 'member' },
};

/** The limit of every API route that has no other (per client address): generous for people, not for floods. */
export const GENERAL_API_LIMIT = { max: 1200, timeWindow: '1 minute' };

/**
 * The client's address as the limits count it: normalised as the plugin's own key does (an IPv6 address by its
 * subnet, a mapped IPv4 as IPv4). A request whose socket is already gone has no address (`req.ip` undefined: seen
 * on a WebSocket upgrade under load, where the plugin's default key threw); it counts under one shared key.
 */
export function rateLimitKey(req: FastifyRequest): string {
  const ip = req.ip as string | undefined;
  return ip ? `ip:${normalizeIP(ip)}` : 'ip:unknown';
}

function memberKey(req: FastifyRequest): string {
  return req.auth ? `m:${req.auth.user.id}` : rateLimitKey(req);
}

/**
 * Puts each table entry on its route as the `rateLimit` config that @fastify/rate-limit reads, and the general limit
 * on every other API route (the plugin runs with `global: false`, so only routes limited here or by their own
 * config are limited: pages and static files are not). Must be registered before the rate-limit plugin, so that
 * this onRoute hook runs before the plugin's own. Being on the route, a limit applies to whatever spelling of the
 * URL the router matched.
 */
export const routeLimitsPlugin = fp(async (app: FastifyInstance, opts: { scale: number }) => {
  const { scale } = opts;
  // Discount-code look-ups: one budget per member and per address across the routes that try codes.
  app.addHook('onRoute', codeLookupLimit(app, scale));
  app.addHook('onRoute', (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      const limit = ROUTE_LIMITS[`${method} ${route.url}`];
      if (!limit) {
        // Every other API route: the general limit per address, unless the route declares its own.
        const own = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
        if (route.url.startsWith('/api/') && own === undefined)
          route.config = {
            ...(route.config ?? {}),
            rateLimit: {
              max: GENERAL_API_LIMIT.max * scale,
              timeWindow: GENERAL_API_LIMIT.timeWindow,
              keyGenerator: rateLimitKey,
            },
          };
        else if (own && typeof own === 'object' && !('keyGenerator' in own))
          // A route's own limit keyed by address: the same key, never the plugin's default (see rateLimitKey).
          route.config = { ...(route.config ?? {}), rateLimit: { ...own, keyGenerator: rateLimitKey } };
        continue;
      }
      route.config = {
        ...(route.config ?? {}),
        rateLimit: {
          max: limit.max * scale,
          timeWindow: limit.timeWindow,
          keyGenerator: limit.per === 'member' ? memberKey : rateLimitKey,
        },
      };
    }
  });
});
