import { createRequire } from 'node:module';
import type { Redis } from 'ioredis';
import { AppError } from '../lib/app-error';

/**
 * The rate-limit counters in Redis, failing closed where it matters. @fastify/rate-limit runs with `skipOnError`
 * (app.ts): when Redis does not answer (lib/redis-client.ts gives up after 500 ms, and at once while the client
 * knows the connection is lost), an ordinary route's limit lets the request through and the product keeps working
 * on one instance's view. The limits that stop guessing (logins, staff sign-in and invites, discount codes) set
 * FAIL_CLOSED: there a failed count refuses the request at once with 503 `temporarily_unavailable` (never
 * unlimited guesses), instead of the bare Redis error the plugin would throw (a 500 after the client's retries).
 */
export const FAIL_CLOSED = { skipOnError: false } as const;

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow?: number, max?: number): void;
  child(routeOptions: object): Store;
}

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  nameSpace: string,
) => Store;

/** A store error as the answer a client gets: 503 with the translated generic message. */
export function storeUnavailable(): AppError {
  return new AppError(503, 'temporarily_unavailable', 'errors.generic');
}

/** Redis lost after it answered: counting fails at once instead of waiting for the command timeout. */
const DOWN = new Set(['reconnecting', 'close', 'end']);

class FailFastStore implements Store {
  private readonly inner: Store;
  private readonly redis: Redis;

  constructor(inner: Store, redis: Redis) {
    this.inner = inner;
    this.redis = redis;
  }

  incr(key: string, cb: Callback, timeWindow: number, max: number): void {
    if (DOWN.has(this.redis.status)) {
      cb(storeUnavailable());
      return;
    }
    this.inner.incr(key, (err, res) => (err ? cb(storeUnavailable()) : cb(null, res)), timeWindow, max);
  }

  read(key: string, cb: Callback, timeWindow?: number, max?: number): void {
    if (!this.inner.read || DOWN.has(this.redis.status)) {
      cb(storeUnavailable());
      return;
    }
    this.inner.read(key, (err, res) => (err ? cb(storeUnavailable()) : cb(null, res)), timeWindow, max);
  }

  child(routeOptions: object): Store {
    return new FailFastStore(this.inner.child(routeOptions), this.redis);
  }
}

/** The `store` option of @fastify/rate-limit: its Redis store under `nameSpace`, errors turned into 503s. */
export function redisRateLimitStore(redis: Redis, nameSpace: string) {
  return class RedisRateLimitStore extends FailFastStore {
    constructor(params: { continueExceeding?: boolean; exponentialBackoff?: boolean }) {
      super(
        new RedisStore(
          params.continueExceeding ?? false,
          params.exponentialBackoff ?? false,
          redis,
          nameSpace,
        ),
        redis,
      );
    }
  };
}
