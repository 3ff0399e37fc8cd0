import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import type { LiveEvent } from '../../../shared/realtime';
import type { EventBus } from '../../lib/event-bus';

/** An event as the code that causes it describes it; the hub adds `id` and `at`. */
export type LiveEventInput = LiveEvent extends infer E
  ? E extends LiveEvent
    ? Omit<E, 'id' | 'at'>
    : never
  : never;

interface Envelope {
  to: number[];
  event: LiveEvent;
}

const CHANNEL = 'live';

/**
 * The live connections of this instance, by member, and the delivery of events to them (ARCHITECTURE "Live
 * events"). `publish` goes through the event bus, so an event reaches the member's sockets on every instance (Redis
 * pub/sub with REDIS_URL, in process without). Each event is serialised once per instance, however many sockets
 * receive it. Sockets that stop answering pings are closed.
 */
export class LiveHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    heartbeatMs = 30_000,
  ) {
    this.unsubscribe = bus.subscribe(CHANNEL, (payload) => this.deliver(payload as Envelope));
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs);
    this.heartbeat.unref();
  }

  publish(to: number[], input: LiveEventInput): void {
    if (to.length === 0) return;
    const event = { ...input, id: randomUUID(), at: new Date().toISOString() } as LiveEvent;
    this.bus.publish(CHANNEL, { to, event } satisfies Envelope);
  }

  add(userId: number, socket: WebSocket): void {
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Set();
      this.sockets.set(userId, set);
    }
    set.add(socket);
    this.alive.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', () => {
      set.delete(socket);
      if (set.size === 0 && this.sockets.get(userId) === set) this.sockets.delete(userId);
    });
  }

  /** Whether the member has an open connection on this instance. */
  connected(userId: number): boolean {
    return (this.sockets.get(userId)?.size ?? 0) > 0;
  }

  /** Open connections of this instance (all members). */
  get size(): number {
    let n = 0;
    for (const set of this.sockets.values()) n += set.size;
    return n;
  }

  /** Closes the member's connections on this instance (logout, account deleted). */
  disconnect(userId: number): void {
    for (const socket of this.sockets.get(userId) ?? []) socket.close(4001, 'signed out');
  }

  close(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const set of this.sockets.values()) for (const socket of set) socket.terminate();
    this.sockets.clear();
  }

  private deliver(envelope: Envelope): void {
    let text: string | undefined;
    for (const userId of envelope.to) {
      const set = this.sockets.get(userId);
      if (!set) continue;
      text ??= JSON.stringify(envelope.event);
      for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(text);
    }
  }

  private ping(): void {
    for (const set of this.sockets.values())
      for (const socket of set) {
        if (!this.alive.has(socket)) {
          socket.terminate();
          continue;
        }
        this.alive.delete(socket);
        socket.ping();
      }
  }
}
