import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiRoute } from './matched-route';

type Headers = Record<string, string>;

/**
 * The headers helmet would set for these options, computed once: helmet builds them per request (parsing the CSP
 * directives each time), which cost a tenth of an API call's CPU; they never change while the app runs.
 */
export function helmetHeaders(options: HelmetOptions): Headers {
  const headers: Headers = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failed: unknown;
  helmet(options)({} as IncomingMessage, res, (err?: unknown) => {
    failed = err;
  });
  if (failed) throw failed;
  return headers;
}

/** The pages' policy: scripts, styles, fonts and connections from the site's own origin only. */
export function pageHelmetOptions(isProduction: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        // No 'unsafe-inline': the app's styles come from its stylesheet; style props React sets go through the CSSOM.
        'style-src': ["'self'"],
        'script-src': ["'self'"],
        // 'self' covers the site's own WebSocket (CSP 3 matches ws:/wss: of the same host); no other host.
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'upgrade-insecure-requests': isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: isProduction,
  };
}

/**
 * API answers are JSON for the app's own scripts, never a document to render: a closed policy (nothing loads, no
 * framing: `frame-ancestors` supersedes X-Frame-Options), no sniffing, readable by the site's own origin only
 * (CORP), plus HSTS in production. No Referrer-Policy: a JSON answer never navigates anywhere. Every header costs
 * on every call, so only these.
 */
export function apiHelmetOptions(isProduction: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    xFrameOptions: false,
    referrerPolicy: false,
    strictTransportSecurity: isProduction,
  };
}

/** Security headers on every answer: the API's set on API routes, the pages' set everywhere else. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { isProduction: boolean }) => {
  const page = helmetHeaders(pageHelmetOptions(opts.isProduction));
  const api = helmetHeaders(apiHelmetOptions(opts.isProduction));
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(isApiRoute(req) ? api : page);
    done();
  });
});
