import { Redis } from 'ioredis';

/**
 * How long a Redis command may take before it fails (ms). While Redis is away, ioredis keeps commands in its
 * offline queue until it reconnects; without a limit a request waited for the rate-limit counter for seconds (and
 * then answered 500). With it, no request waits more than this on an absent Redis: the rate limits of ordinary
 * routes then let the request through, those that stop guessing refuse it (plugins/rate-limit-store.ts).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
/** Longest pause between two reconnection attempts (ms): Redis back is noticed within this. */
export const REDIS_RECONNECT_MAX_MS = 1000;

/** The Redis client of an instance (rate-limit counters, the event bus): fails fast while Redis is away. */
export function createRedis(url: string): Redis {
  const redis = new Redis(url, {
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    // A command queued while disconnected fails at the first failed reconnection instead of waiting for several.
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 100, REDIS_RECONNECT_MAX_MS),
  });
  // Connection errors are expected while Redis is away (the caller may log them); never an unhandled 'error' event.
  redis.on('error', () => {});
  return redis;
}
