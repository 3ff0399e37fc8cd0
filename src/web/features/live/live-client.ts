import {
  LIVE_CLOSE_SERVER_RESTART,
  LIVE_CLOSE_SESSION_ENDED,
  type LiveClientMessage,
  type LiveEvent,
  liveEventSchema,
} from '../../../shared/realtime';

/** What the live client needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface LiveClientOptions {
  url: string;
  /** a valid event not seen before */
  onEvent: (event: LiveEvent) => void;
  /** every (re)connect: the caller refetches what it shows, so nothing sent while away is missed */
  onConnect: () => void;
  /**
   * the server closed the socket because its session ended (logged out elsewhere, password changed, account
   * deleted): the caller checks whether the member is still signed in. Reconnecting goes on until it stops the client.
   */
  onSessionEnded?: () => void;
  createSocket?: (url: string) => SocketLike;
  random?: () => number;
}

export const LIVE_TIMING = {
  /** reconnect delays: from 1 s, doubling, at most 30 s (each with ±20 % jitter) */
  firstRetryMs: 1_000,
  maxRetryMs: 30_000,
  /** keep-alive */
  pingEveryMs: 25_000,
  /** a connection that lasted this long counts as healthy: the next reconnect starts again at 1 s */
  healthyAfterMs: 10_000,
  /** event ids remembered to ignore an event delivered twice */
  seenIds: 500,
} as const;

const OPEN = 1;

/** The delay before reconnect attempt `attempt` (0-based): 1 s doubling to 30 s, with ±20 % jitter. */
export function retryDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(LIVE_TIMING.maxRetryMs, LIVE_TIMING.firstRetryMs * 2 ** attempt);
  return Math.round(base * (0.8 + 0.4 * random()));
}

/**
 * One WebSocket to the live events (src/shared/realtime.ts): reconnects with backoff, pings to keep the connection
 * open, validates every frame and hands each event on once (events are deduplicated by id).
 */
export class LiveClient {
  private socket: SocketLike | null = null;
  private stopped = true;
  private attempt = 0;
  private openedAt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private readonly seen = new Set<string>();
  private readonly seenOrder: string[] = [];
  private readonly createSocket: (url: string) => SocketLike;
  private readonly random: () => number;

  constructor(private readonly options: LiveClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.random = options.random ?? Math.random;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.pingTimer);
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
      try {
        socket.close(1000, 'bye');
      } catch {
        /* already closed */
      }
    }
  }

  /** Back online (or the page visible again) while disconnected: try now instead of waiting for the backoff. */
  reconnectNow(): void {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retryTimer);
    this.attempt = 0;
    this.connect();
  }

  get connected(): boolean {
    return this.socket?.readyState === OPEN;
  }

  /** Sends when connected; false when not (a typing event is simply dropped then). */
  send(message: LiveClientMessage): boolean {
    if (!this.socket || this.socket.readyState !== OPEN) return false;
    try {
      this.socket.send(JSON.stringify(message));
      return true;
    } catch {
      return false;
    }
  }

  private connect(): void {
    let socket: SocketLike;
    try {
      socket = this.createSocket(this.options.url);
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    socket.onopen = () => {
      this.openedAt = Date.now();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: 'ping' }), LIVE_TIMING.pingEveryMs);
      this.options.onConnect();
    };
    socket.onmessage = (e) => this.receive(e.data);
    socket.onerror = () => {
      // onclose follows and reconnects.
    };
    socket.onclose = (ev) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.socket = null;
      if (ev?.code === LIVE_CLOSE_SESSION_ENDED) this.options.onSessionEnded?.();
      // An instance going down asks to reconnect at once (to another one): the first, shortest delay.
      if (ev?.code === LIVE_CLOSE_SERVER_RESTART) this.attempt = 0;
      if (this.openedAt && Date.now() - this.openedAt >= LIVE_TIMING.healthyAfterMs) this.attempt = 0;
      this.openedAt = 0;
      this.scheduleReconnect();
    };
  }

  private scheduleReconnect(): void {
    if (this.stopped) return;
    const delay = retryDelay(this.attempt, this.random);
    this.attempt++;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => {
      if (!this.stopped) this.connect();
    }, delay);
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(data);
    } catch {
      return;
    }
    const result = liveEventSchema.safeParse(parsed);
    if (!result.success) return;
    const event = result.data;
    if (this.seen.has(event.id)) return;
    this.seen.add(event.id);
    this.seenOrder.push(event.id);
    if (this.seenOrder.length > LIVE_TIMING.seenIds) this.seen.delete(this.seenOrder.shift()!);
    this.options.onEvent(event);
  }
}
