import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Redis } from 'ioredis';

/**
 * Messages between the app instances (cache invalidation now, live events later). In-process by default; Redis
 * pub/sub when Redis is configured, so what one instance publishes reaches every instance, itself included.
 * Payloads are small JSON values; handlers must be idempotent (a message may arrive twice, or late).
 */
export interface EventBus {
  publish(channel: string, payload: unknown): void;
  subscribe(channel: string, handler: (payload: unknown) => void): () => void;
  close(): Promise<void>;
}

const CHANNEL_PREFIX = 'amora:';

export class LocalEventBus implements EventBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  publish(channel: string, payload: unknown): void {
    this.emitter.emit(channel, payload);
  }

  subscribe(channel: string, handler: (payload: unknown) => void): () => void {
    this.emitter.on(channel, handler);
    return () => this.emitter.off(channel, handler);
  }

  async close(): Promise<void> {
    this.emitter.removeAllListeners();
  }
}

/**
 * Redis pub/sub: one extra connection for subscribing (a subscribed connection can do nothing else). Local handlers
 * also run at once on publish, so the publishing instance never waits for the round trip through Redis; the copy
 * that comes back from Redis carries this instance's tag and is dropped.
 */
export class RedisEventBus implements EventBus {
  private readonly local = new LocalEventBus();
  private readonly subscriber: Redis;
  private readonly channels = new Set<string>();
  /** Tags what this instance publishes, so it does not handle its own messages twice. */
  private readonly origin = randomUUID();

  constructor(
    private readonly redis: Redis,
    private readonly onError: (err: Error) => void = () => undefined,
  ) {
    this.subscriber = redis.duplicate();
    this.subscriber.on('error', (err: Error) => this.onError(err));
    this.subscriber.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(CHANNEL_PREFIX)) return;
      try {
        const { o, p } = JSON.parse(message) as { o: string; p: unknown };
        // This instance's own messages ran locally at publish time already.
        if (o !== this.origin) this.local.publish(channel.slice(CHANNEL_PREFIX.length), p);
      } catch (err) {
        this.onError(err as Error);
      }
    });
  }

  publish(channel: string, payload: unknown): void {
    this.local.publish(channel, payload);
    this.redis
      .publish(CHANNEL_PREFIX + channel, JSON.stringify({ o: this.origin, p: payload }))
      .catch((err: Error) => this.onError(err));
  }

  subscribe(channel: string, handler: (payload: unknown) => void): () => void {
    if (!this.channels.has(channel)) {
      this.channels.add(channel);
      this.subscriber.subscribe(CHANNEL_PREFIX + channel).catch((err: Error) => this.onError(err));
    }
    return this.local.subscribe(channel, handler);
  }

  /** Resolves once Redis has confirmed every subscription made so far (tests and start-up). */
  async ready(): Promise<void> {
    if (this.channels.size === 0) return;
    await this.subscriber.subscribe(...[...this.channels].map((c) => CHANNEL_PREFIX + c));
  }

  async close(): Promise<void> {
    await this.local.close();
    this.subscriber.disconnect();
  }
}
