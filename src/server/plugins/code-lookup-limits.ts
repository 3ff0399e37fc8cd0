import { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteOptions } from 'fastify';
import { RULES } from '../../shared/rules';
import { AppError } from '../lib/app-error';
import { FAIL_CLOSED } from './rate-limit-store';

/**
 * Discount codes cannot be guessed by trying many (docs/api.md "Discounts"): every route that looks a code up counts
 * the look-up against one budget per signed-in member and one per client address (RULES.discountLookups), whichever
 * way the code is tried. Keyed by the route the router matched (routeOptions.url), never the raw URL. A look-up is
 * counted before the code is looked at, in the rate-limit store (Redis when REDIS_URL is set: one atomic increment,
 * shared by all instances; else in this process), so a parallel burst is counted exactly. Refused: 429
 * `discount_code_attempts`, translated, with Retry-After.
 */

type Query = Record<string, unknown> | undefined;
const named = (value: unknown) => typeof value === 'string' && value.trim() !== '';

/** The routes that look a code up, and whether this request names one (only then does it count). */
export const CODE_LOOKUP_ROUTES: Readonly<Record<string, (req: FastifyRequest) => boolean>> = {
  // The welcome-code request (welcome=true) names no code: it never counts.
  'GET /api/discountcode.php': (req) =>
    (req.query as Query)?.welcome !== 'true' && named((req.query as Query)?.code),
  'GET /api/directdebit.php': (req) => named((req.query as Query)?.discount_code),
  'POST /api/directdebit.php': (req) => named((req.body as Query)?.discount_code),
  'POST /api/payment.php': (req) => named((req.body as Query)?.discount_code),
};

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

/** Adds the look-up budget to the routes of CODE_LOOKUP_ROUTES (call in an onRoute hook, before the route is built). */
export function codeLookupLimit(app: FastifyInstance, scale: number): (route: RouteOptions) => void {
  const rule = RULES.discountLookups;
  const timeWindow = rule.windowMinutes * 60_000;
  let limiters: { member: Limiter; address: Limiter } | undefined;
  // Made on first use: the rate-limit plugin (and its store) is registered after this plugin.
  const made = () =>
    (limiters ??= {
      member: app.createRateLimit({
        max: rule.perMember * scale,
        timeWindow,
        ...FAIL_CLOSED,
        keyGenerator: (req) => (req.auth ? `dc:m:${req.auth.user.id}` : `dc:ip:${normalizeIP(req.ip)}`),
      }),
      address: app.createRateLimit({
        max: rule.perAddress * scale,
        timeWindow,
        ...FAIL_CLOSED,
        keyGenerator: (req) => `dc:a:${normalizeIP(req.ip)}`,
      }),
    });

  return (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const counts = methods.map((m) => CODE_LOOKUP_ROUTES[`${m} ${route.url}`]).find((f) => f !== undefined);
    if (!counts) return;
    // After validation (the query and body are known) and the session (onRequest), before the handler.
    const check: preHandlerHookHandler = async (req, reply) => {
      if (!counts(req)) return;
      const { member, address } = made();
      const results = [await member(req), await address(req)];
      const refused = results.find((r) => !r.isAllowed && r.isExceeded);
      if (!refused || refused.isAllowed) return;
      const seconds = Math.max(1, refused.ttlInSeconds);
      reply.header('Retry-After', String(seconds));
      throw new AppError(429, 'discount_code_attempts');
    };
    const own = route.preHandler;
    route.preHandler = own ? [...(Array.isArray(own) ? own : [own]), check] : [check];
  };
}
