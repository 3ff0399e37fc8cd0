import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import { appliedMigrationMillis, type Db, latestMigrationMillis } from '../../db/client';
import type { MediaStorage } from '../../lib/storage';

/** A dependency that does not answer within this is counted as down: a load balancer asks every few seconds. */
export const READINESS_TIMEOUT_MS = 1_000;

export type CheckResult = 'ok' | 'down' | 'timeout' | 'behind' | 'not_configured';

export interface HealthDeps {
  db: Db;
  redis?: Redis | undefined;
  storage: MediaStorage;
  /** Logs why a check failed (the answer only says which). */
  onFailure?: (check: string, err: unknown) => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the instance is shutting down: /readyz answers 503 so the load balancer stops sending members. */
    draining: boolean;
  }
}

function withTimeout(work: Promise<unknown>, ms: number): Promise<CheckResult> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('timeout'), ms);
    work.then(
      () => {
        clearTimeout(timer);
        resolve('ok');
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * `/healthz`: the process is up and serving (liveness; restart the instance when it fails).
 * `/readyz`: this instance can serve members now (readiness; send traffic only when 200): the database answers and
 * has every migration this code knows, Redis answers (when configured) and the photo storage is usable; 503 while
 * shutting down. Neither needs a site, a session or a rate-limit slot; neither is cached.
 */
export const healthRoutes = fp(async (app: FastifyInstance, deps: HealthDeps): Promise<void> => {
  app.decorate('draining', false);
  const latest = latestMigrationMillis();

  const check = async (name: string, run: () => Promise<CheckResult | undefined>): Promise<CheckResult> => {
    try {
      return (await run()) ?? 'ok';
    } catch (err) {
      deps.onFailure?.(name, err);
      return 'down';
    }
  };

  app.get('/healthz', { schema: { hide: true } }, (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' };
  });

  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-store');
    const [database, migrations, redis, storage] = await Promise.all([
      check('database', () => withTimeout(deps.db.execute(sql`select 1`), READINESS_TIMEOUT_MS)),
      check('migrations', async () => {
        let applied = 0;
        const result = await withTimeout(
          appliedMigrationMillis(deps.db).then((ms) => {
            applied = ms;
          }),
          READINESS_TIMEOUT_MS,
        );
        if (result !== 'ok') return result;
        return applied >= latest ? 'ok' : 'behind';
      }),
      check('redis', async () =>
        deps.redis ? withTimeout(deps.redis.ping(), READINESS_TIMEOUT_MS) : 'not_configured',
      ),
      check('storage', () => withTimeout(deps.storage.ping(), READINESS_TIMEOUT_MS)),
    ]);
    const checks = { database, migrations, redis, storage };
    const ready = !app.draining && Object.values(checks).every((c) => c === 'ok' || c === 'not_configured');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: app.draining ? 'draining' : ready ? 'ready' : 'not_ready', checks });
  });
});
