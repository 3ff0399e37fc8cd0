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
/** Slices of the heartbeat: one is pinged per tick (docs/performance.md "Chat"). */
export const HEARTBEAT_SLICES = 30;

/**
 * The live connections of this instance, by member, and the delivery of events to them (ARCHITECTURE "Live
 * events"). `publish` goes through the event bus, so an event reaches the member's sockets on every instance (Redis
 * pub/sub with REDIS_URL, in process without). Each event is serialised once per instance, however many sockets
 * receive it. Sockets that stop answering pings are closed.
 *
 * The heartbeat is spread over its interval: every socket belongs to one of `HEARTBEAT_SLICES` slices (in turn, so
 * they stay even), and each tick (interval / slices, 1 s by default) pings one slice. A socket is still pinged once
 * per interval and closed when it did not answer the previous ping. One loop over 10,000 sockets every 30 s took
 * ~100 ms of CPU plus the GC of 10,000 pongs at once, which was the whole p99 of chat delivery (docs/performance.md).
 */
export class LiveHub {
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly alive = new WeakSet<WebSocket>();
  /** The heartbeat's slices; `tick` is the next one to ping, `joined` spreads new sockets over them in turn. */
  private readonly slices: Set<WebSocket>[];
  private tick = 0;
  private joined = 0;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;

  constructor(
    private readonly bus: EventBus,
    heartbeatMs = 30_000,
    slices = HEARTBEAT_SLICES,
  ) {
    this.unsubscribe = bus.subscribe(CHANNEL, (payload) => this.deliver(payload as Envelope));
    this.slices = Array.from({ length: slices }, () => new Set<WebSocket>());
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs / slices);
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
    const slice = this.slices[this.joined++ % this.slices.length]!;
    slice.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', () => {
      slice.delete(socket);
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
    for (const slice of this.slices) slice.clear();
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

  /** One tick of the heartbeat: the sockets of one slice, each pinged a whole interval after its previous ping. */
  private ping(): void {
    const slice = this.slices[this.tick]!;
    this.tick = (this.tick + 1) % this.slices.length;
    for (const socket of slice) {
      if (!this.alive.has(socket)) {
        slice.delete(socket);
        socket.terminate();
        continue;
      }
      this.alive.delete(socket);
      socket.ping();
    }
  }
}
