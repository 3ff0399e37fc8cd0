import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type AppMetrics, statusClass } from '../lib/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
  }
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Times every answer by the route the router matched (never the raw URL: `/api/%61pi` is counted as what it
 * matched, and ids in paths never become label values). With `token` set, `GET /metrics` on the app's own port
 * answers the Prometheus text to `Authorization: Bearer <token>` and 404 to anyone else; without it the metrics
 * are only on METRICS_PORT (main.ts), or nowhere.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { metrics: AppMetrics; token?: string }) => {
    app.decorate('metrics', opts.metrics);
    const { httpDuration } = opts.metrics;
    app.addHook('onResponse', (req, reply, done) => {
      httpDuration.observe(
        {
          method: req.method,
          route: req.routeOptions.url ?? 'unmatched',
          status_class: statusClass(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });

    const token = opts.token;
    if (token) {
      app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
        const auth = req.headers.authorization ?? '';
        if (!auth.startsWith('Bearer ') || !sameSecret(auth.slice(7), token))
          return reply.status(404).send({ error: { code: 'not_found', message: 'Not found' } });
        reply.header('Cache-Control', 'no-store').type(opts.metrics.registry.contentType);
        return opts.metrics.registry.metrics();
      });
    }
  },
);
