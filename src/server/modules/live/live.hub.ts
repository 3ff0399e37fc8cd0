import { randomUUID } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import type { WebSocket } from 'ws';
import {
  LIVE_CLOSE_SERVER_RESTART,
  LIVE_CLOSE_SESSION_ENDED,
  type LiveEvent,
} from '../../../shared/realtime';
import type { EventBus } from '../../lib/event-bus';
import { parseRevokedSessions, SESSIONS_REVOKED } from '../auth/session-cache';

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
 * How long a revoked session id is remembered, so that a socket whose upgrade read the session just before the
 * revocation (or from a cached lookup on an instance the announcement had not reached) is refused when it is added.
 * Longer than a cached session lookup lives (SESSION_CACHE_SECONDS); the periodic check covers the rest.
 */
const REVOKED_REMEMBERED_MS = 5 * 60_000;
const REVOKED_REMEMBERED_MAX = 100_000;

/** Which of these sessions are still valid (sessions.repo findValidSessionIds). */
export type SessionCheck = (sessionIds: number[]) => Promise<number[]>;
/** Sessions asked about per query of the periodic check. */
const SESSION_CHECK_BATCH = 1_000;

/**
 * The live connections of this instance, by member, and the delivery of events to them (ARCHITECTURE "Live
 * events"). `publish` goes through the event bus, so an event reaches the member's sockets on every instance (Redis
 * pub/sub with REDIS_URL, in process without). Each event is serialised once per instance, however many sockets
 * receive it. Sockets that stop answering pings are closed.
 *
 * Every socket belongs to one session. When sessions end (logout, password change, deletion: SESSIONS_REVOKED on the
 * bus), each instance closes their sockets at once with LIVE_CLOSE_SESSION_ENDED and delivers nothing more to them;
 * a socket of a session revoked in the last minutes is refused when added; and `checkSessions` closes, every
 * `sessionCheckMs`, the sockets whose session is no longer valid (expired, or an announcement that was lost).
 *
 * The heartbeat is spread over its interval: every socket belongs to one of `HEARTBEAT_SLICES` slices (in turn, so
 * they stay even), and each tick (interval / slices, 1 s by default) pings one slice. A socket is still pinged once
 * per interval and closed when it did not answer the previous ping. One loop over 10,000 sockets every 30 s took
 * ~100 ms of CPU plus the GC of 10,000 pongs at once, which was the whole p99 of chat delivery (docs/performance.md).
 */
export class LiveHub {
  /** member id -> the member's sockets on this instance, each with its session id */
  private readonly sockets = new Map<number, Map<WebSocket, number>>();
  private readonly revoked = new LRUCache<number, true>({
    max: REVOKED_REMEMBERED_MAX,
    ttl: REVOKED_REMEMBERED_MS,
  });
  private readonly alive = new WeakSet<WebSocket>();
  /** The heartbeat's slices; `tick` is the next one to ping, `joined` spreads new sockets over them in turn. */
  private readonly slices: Set<WebSocket>[];
  private tick = 0;
  private joined = 0;
  private readonly unsubscribe: () => void;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly sessionTimer: NodeJS.Timeout | undefined;
  private checking = false;
  private sent = 0;
  private closed = false;

  private readonly checkSessions: SessionCheck | undefined;

  constructor(
    private readonly bus: EventBus,
    {
      heartbeatMs = 30_000,
      slices = HEARTBEAT_SLICES,
      checkSessions,
      sessionCheckMs = 60_000,
    }: {
      heartbeatMs?: number;
      slices?: number;
      /** Which sessions are still valid; without it, only announcements end sockets. */
      checkSessions?: SessionCheck;
      sessionCheckMs?: number;
    } = {},
  ) {
    this.checkSessions = checkSessions;
    const offLive = bus.subscribe(CHANNEL, (payload) => this.deliver(payload as Envelope));
    const offRevoked = bus.subscribe(SESSIONS_REVOKED, (payload) => {
      const revoked = parseRevokedSessions(payload);
      if (revoked) this.closeSessions(revoked.userId, revoked.sessionIds);
    });
    this.unsubscribe = () => {
      offLive();
      offRevoked();
    };
    this.slices = Array.from({ length: slices }, () => new Set<WebSocket>());
    this.heartbeat = setInterval(() => this.ping(), heartbeatMs / slices);
    this.heartbeat.unref();
    if (checkSessions) {
      this.sessionTimer = setInterval(() => void this.checkAll(), sessionCheckMs);
      this.sessionTimer.unref();
    }
  }

  publish(to: number[], input: LiveEventInput): void {
    if (to.length === 0) return;
    const event = { ...input, id: randomUUID(), at: new Date().toISOString() } as LiveEvent;
    this.bus.publish(CHANNEL, { to, event } satisfies Envelope);
  }

  /**
   * Adds the socket of a member's session. A session revoked in the last minutes (the upgrade read it just before,
   * or from a cache the announcement had not reached yet) is refused: the socket is closed and false returned.
   */
  add(userId: number, sessionId: number, socket: WebSocket): boolean {
    if (this.revoked.has(sessionId)) {
      socket.close(LIVE_CLOSE_SESSION_ENDED, 'session ended');
      return false;
    }
    let set = this.sockets.get(userId);
    if (!set) {
      set = new Map();
      this.sockets.set(userId, set);
    }
    set.set(socket, sessionId);
    this.alive.add(socket);
    const slice = this.slices[this.joined++ % this.slices.length]!;
    slice.add(socket);
    socket.on('pong', () => this.alive.add(socket));
    socket.on('close', () => {
      slice.delete(socket);
      this.forget(userId, socket);
    });
    return true;
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

  /**
   * Ends the sockets of these sessions of the member on this instance: they get nothing more from now on and are
   * closed with LIVE_CLOSE_SESSION_ENDED. The ids are remembered for a while, so such a session cannot open a new one.
   */
  closeSessions(userId: number, sessionIds: readonly number[]): void {
    for (const id of sessionIds) this.revoked.set(id, true);
    const set = this.sockets.get(userId);
    if (!set) return;
    const ended = new Set(sessionIds);
    for (const [socket, sessionId] of set) if (ended.has(sessionId)) this.end(userId, socket);
  }

  /**
   * Shuts the hub down: every socket gets LIVE_CLOSE_SERVER_RESTART (reconnect now, to another instance), and what
   * has not finished its closing handshake within `graceMs` is cut.
   */
  async close(graceMs = 1_000): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.heartbeat);
    clearInterval(this.sessionTimer);
    this.unsubscribe();
    const closing: Promise<void>[] = [];
    for (const set of this.sockets.values())
      for (const socket of set.keys()) {
        if (socket.readyState !== socket.OPEN) {
          socket.terminate();
          continue;
        }
        closing.push(
          new Promise<void>((resolve) => {
            const cut = setTimeout(() => {
              socket.terminate();
              resolve();
            }, graceMs);
            socket.once('close', () => {
              clearTimeout(cut);
              resolve();
            });
            socket.close(LIVE_CLOSE_SERVER_RESTART, 'server restarting');
          }),
        );
      }
    this.sockets.clear();
    for (const slice of this.slices) slice.clear();
    await Promise.all(closing);
  }

  /** Live events written to sockets of this instance since it started (the metrics read it). */
  get sentTotal(): number {
    return this.sent;
  }

  /**
   * The periodic check: closes every socket whose session is no longer valid. One query per SESSION_CHECK_BATCH
   * sessions; a failed query closes nothing (the next check tries again).
   */
  async checkAll(): Promise<void> {
    if (!this.checkSessions || this.checking) return;
    this.checking = true;
    try {
      const owners = new Map<number, number>();
      for (const [userId, set] of this.sockets)
        for (const sessionId of set.values()) owners.set(sessionId, userId);
      const ids = [...owners.keys()];
      for (let i = 0; i < ids.length; i += SESSION_CHECK_BATCH) {
        const batch = ids.slice(i, i + SESSION_CHECK_BATCH);
        const valid = new Set(await this.checkSessions(batch));
        for (const id of batch) if (!valid.has(id)) this.closeSessions(owners.get(id)!, [id]);
      }
    } catch {
      // The database did not answer: the sockets stay until the next check.
    } finally {
      this.checking = false;
    }
  }

  /** Takes a socket out of delivery at once, then closes it (its 'close' comes when the client has answered). */
  private end(userId: number, socket: WebSocket): void {
    this.forget(userId, socket);
    for (const slice of this.slices) if (slice.delete(socket)) break;
    socket.close(LIVE_CLOSE_SESSION_ENDED, 'session ended');
  }

  private forget(userId: number, socket: WebSocket): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    set.delete(socket);
    if (set.size === 0) this.sockets.delete(userId);
  }

  private deliver(envelope: Envelope): void {
    let text: string | undefined;
    for (const userId of envelope.to) {
      const set = this.sockets.get(userId);
      if (!set) continue;
      text ??= JSON.stringify(envelope.event);
      for (const socket of set.keys())
        if (socket.readyState === socket.OPEN) {
          socket.send(text);
          this.sent++;
        }
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
