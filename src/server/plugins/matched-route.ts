import type { FastifyRequest } from 'fastify';

/**
 * Security checks key on the route the router matched, never on the raw URL: `/%61pi/user.php`, `//api/…`,
 * `/x/../api/…` and `/API/…` are spelled differently but (where the router accepts them at all) reach the same
 * route, and must meet the same checks. `routeOptions.url` is the matched route's pattern (undefined for 404s).
 */
export function matchedRoute(req: FastifyRequest): string | undefined {
  return req.routeOptions.url;
}

/** Whether the router matched an API route (`/api/…`). */
export function isApiRoute(req: FastifyRequest): boolean {
  return matchedRoute(req)?.startsWith('/api/') ?? false;
}

/** Whether the router matched a photo route (`/media/…`), which serves private photos only to allowed viewers. */
export function isMediaRoute(req: FastifyRequest): boolean {
  return matchedRoute(req)?.startsWith('/media/') ?? false;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may change state: every non-safe method, and GET routes marked `config.changesState`. */
/** The route declared itself a cross-site call (see FastifyContextConfig.crossSite). */
export function isCrossSiteRoute(req: FastifyRequest): boolean {
  return (req.routeOptions.config as { crossSite?: boolean } | undefined)?.crossSite === true;
}

export function changesState(req: FastifyRequest): boolean {
  if (!SAFE_METHODS.has(req.method)) return true;
  return (req.routeOptions.config as { changesState?: boolean } | undefined)?.changesState === true;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A GET route that changes state (logout): it needs the client's request-type header like a POST. */
    changesState?: boolean;
    /**
     * A server-to-server or plain-form call that cannot carry the request-type header (the payment webhook, the
     * test provider's checkout form): it must not rely on the session cookie, and is exempt from the CSRF check.
     */
    crossSite?: boolean;
  }
}
