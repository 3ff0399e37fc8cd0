import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import type { Site } from '../db/schema';
import type { EventBus } from '../lib/event-bus';
import { createRedis } from '../lib/redis-client';
import type { FlexpaySetup } from '../modules/payments/providers/flexpay-register';
import type { PaymentProvider } from '../modules/payments/providers/provider';
import type { PhotoClassifier } from '../modules/photos/photo-classifier';
import { DEFAULT_COMPANY, defaultSite } from '../modules/sites/site-defaults';
import { insertCompany, insertSite } from '../modules/sites/sites.repo';
import { pgliteTemplate } from './pglite-template';

/**
 * A real app on a real, migrated database: in-memory PGlite by default, the PostgreSQL of DATABASE_URL when set
 * (and Redis when REDIS_URL is set). Tests create their own unique data and never truncate.
 */
export interface TestContext {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  createSite(overrides?: Partial<Site>): Promise<Site>;
  close(): Promise<void>;
}

/**
 * One test app and one site of its own for a whole test file: created before the file's tests, closed after them.
 *   let ctx: TestContext; let domain: string;
 *   withTestSite((c, d) => { ctx = c; domain = d; });
 */
export function withTestSite(
  ready: (ctx: TestContext, domain: string) => void,
  env: Record<string, string> = {},
): void {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await buildTestApp(env);
    ready(ctx, (await ctx.createSite()).domain);
  });
  afterAll(async () => {
    await ctx?.close();
  });
}

export function uniqueDomain(): string {
  return `t${randomBytes(6).toString('hex')}.example.test`;
}

export interface TestAppOptions {
  /** Receives the app's log lines, shaped as in production (serializers, redaction), at LOG_LEVEL (env). */
  logStream?: { write(line: string): void };
  /** Messages between instances (a second app on the same database shares the first one's bus). */
  bus?: EventBus;
  /** A payment provider of the test's own (to simulate failures); by default the built-in test provider. */
  paymentProvider?: PaymentProvider;
  /** Verotel FlexPay of the test's own (against the FlexPay fake); by default the in-process development fake. */
  flexpay?: FlexpaySetup;
  /** The photo nudity classifier; by default the real model (photo-screening tests pass a fixed one). */
  photoClassifier?: PhotoClassifier;
}

export async function buildTestApp(
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestContext> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'amora-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL,
    REDIS_URL: process.env.REDIS_URL,
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    LOG_LEVEL: 'silent',
    // Tests make many calls from one address; the rate-limit test sets its own scale.
    RATE_LIMIT_SCALE: '100',
    // Tests search right after creating members; the search-cache test turns the caches on.
    SEARCH_CACHE_SECONDS: '0',
    // Tests change rows directly and read them back at once; the session-cache tests turn the cache on.
    SESSION_CACHE_SECONDS: process.env.TEST_SESSION_CACHE_SECONDS ?? '0',
    ...env,
  });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteTemplate: config.databaseUrl ? undefined : await pgliteTemplate(),
  });
  // On PGlite from the template, this finds every migration applied (without a template, it applies them).
  if (database.driver === 'pglite') await database.migrate();
  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    pushPublicKey: 'test-public-key',
    logger: false,
    logStream: opts.logStream,
    bus: opts.bus,
    paymentProvider: opts.paymentProvider,
    flexpay: opts.flexpay,
    photoClassifier: opts.photoClassifier,
    poolStats: database.poolStats,
    // Counters of its own in a shared Redis: other test files and earlier runs (all from 127.0.0.1) must not use up
    // the limits of a test that counts them.
    rateLimitNamespace: `rl:test-${randomBytes(6).toString('hex')}:`,
  });
  await app.ready();

  return {
    app,
    database,
    dataDir,
    async createSite(overrides = {}) {
      const company = await insertCompany(database.db, {
        ...DEFAULT_COMPANY,
        tradenames: [...DEFAULT_COMPANY.tradenames],
        vatNumbers: [...DEFAULT_COMPANY.vatNumbers],
      });
      const domain = overrides.domain ?? uniqueDomain();
      return insertSite(database.db, {
        ...defaultSite(domain, company.id),
        ...overrides,
        domain,
        companyId: company.id,
      });
    },
    async close() {
      await app.close();
      redis?.disconnect();
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
