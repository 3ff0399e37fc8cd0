/**
 * The receiving side of bench/chat.ts: one live WebSocket (GET /api/live) per member, in this process, and the
 * bookkeeping of what arrives. A message.new frame whose message is not `mine` is a delivery to the recipient: its
 * text (written by chat-sender.ts) names the run's tag, the sequence number, the recipient and the send time, so
 * each delivery gives a send→deliver latency (arrival here minus the send time, both
 * performance.timeOrigin + performance.now() on this machine) and is counted per sequence number, raw (the event
 * ids are not used to drop copies). Frames of the sender's own tabs (message.new with mine, credits.changed) are
 * counted apart.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import WebSocket from 'ws';

export interface ReceiverTarget {
  /** ws://127.0.0.1:<port>/api/live */
  url: string;
  /** localhost:<port> */
  host: string;
  /** http://localhost:<port> */
  origin: string;
}

export interface DeliveryStats {
  /** deliveries of the current tag to the recipient, raw */
  deliveries: number;
  /** deliveries to a socket that is not the recipient named in the text */
  misdelivered: number;
  /** copies on the sender's own socket (message.new with mine) */
  echoes: number;
  creditsChanged: number;
  /** frames of earlier tags (a warm-up's stragglers) */
  stale: number;
  other: number;
  unreadable: number;
  /** sockets that closed while the bench still wanted them */
  dropped: number;
}

const now = () => performance.timeOrigin + performance.now();

export class ChatReceivers {
  private readonly sockets: WebSocket[] = [];
  private closing = false;
  tag = '';
  /** raw deliveries per sequence number of the current tag */
  counts = new Uint16Array(1 << 16);
  /** send→deliver latency in ms, per delivery (first and later copies alike) */
  latencies: number[] = [];
  /** the send time of each delivery in `latencies` (ms since the epoch) */
  sentAt: number[] = [];
  /** time of the latest delivery of the current tag */
  lastDeliveryAt = 0;
  stats: DeliveryStats = ChatReceivers.emptyStats();
  /** when each round of the server's heartbeat (a ping to every socket) began: the first ping after 5 s without */
  pingRounds: number[] = [];
  private lastPingAt = 0;
  private readonly loop = monitorEventLoopDelay({ resolution: 10 });

  private static emptyStats(): DeliveryStats {
    return {
      deliveries: 0,
      misdelivered: 0,
      echoes: 0,
      creditsChanged: 0,
      stale: 0,
      other: 0,
      unreadable: 0,
      dropped: 0,
    };
  }

  get size(): number {
    return this.sockets.length;
  }

  /** Starts counting a new tag (and the event loop's delay here) from zero. */
  reset(tag: string): void {
    this.tag = tag;
    this.counts = new Uint16Array(1 << 16);
    this.latencies = [];
    this.sentAt = [];
    this.lastDeliveryAt = 0;
    const dropped = this.stats.dropped;
    this.stats = ChatReceivers.emptyStats();
    this.stats.dropped = dropped;
    this.loop.reset();
    this.loop.enable();
  }

  /** This process's event loop delay since reset, in ms: p99 and max (is this side keeping up?). */
  loopDelay(): { p99: number; max: number } {
    return { p99: this.loop.percentile(99) / 1e6, max: this.loop.max / 1e6 };
  }

  /**
   * Opens a socket per member (`cookies` by member id), `parallel` handshakes at a time. Rejects at the first socket
   * the app refuses (the sockets already open stay, for close()).
   */
  async open(target: ReceiverTarget, cookies: Map<number, string>, parallel = 100): Promise<void> {
    const queue = [...cookies.entries()];
    let failed: Error | undefined;
    const worker = async () => {
      for (;;) {
        const next = queue.pop();
        if (!next || failed) return;
        const [memberId, cookie] = next;
        try {
          await this.openOne(target, memberId, cookie);
        } catch (err) {
          failed ??= err as Error;
        }
      }
    };
    await Promise.all(Array.from({ length: parallel }, worker));
    if (failed) throw failed;
  }

  private openOne(target: ReceiverTarget, memberId: number, cookie: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(target.url, {
        headers: { host: target.host, cookie },
        origin: target.origin,
        perMessageDeflate: false,
        handshakeTimeout: 30_000,
      });
      this.sockets.push(ws);
      let open = false;
      ws.on('open', () => {
        open = true;
        resolve();
      });
      ws.on('unexpected-response', (_req, res) => {
        reject(new Error(`member ${memberId}: /api/live answered ${res.statusCode}`));
        ws.terminate();
      });
      ws.on('error', (err) => {
        if (!open) reject(err);
      });
      ws.on('close', () => {
        if (open && !this.closing) this.stats.dropped++;
      });
      // ws answers the ping itself; this only notes when the server's heartbeat goes round.
      ws.on('ping', () => {
        const at = now();
        if (at - this.lastPingAt > 5000) this.pingRounds.push(at);
        this.lastPingAt = at;
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) this.onFrame(memberId, data, now());
      });
    });
  }

  private onFrame(memberId: number, data: Buffer, at: number): void {
    let event: { type?: string; message?: { mine?: boolean; text?: string | null } };
    try {
      event = JSON.parse(data.toString());
    } catch {
      this.stats.unreadable++;
      return;
    }
    if (event.type === 'credits.changed') {
      this.stats.creditsChanged++;
      return;
    }
    if (event.type !== 'message.new' || !event.message) {
      this.stats.other++;
      return;
    }
    const parts = (event.message.text ?? '').split(' ');
    if (parts[0] !== 'chat-bench' || parts.length !== 5) {
      this.stats.unreadable++;
      return;
    }
    if (parts[1] !== this.tag) {
      this.stats.stale++;
      return;
    }
    if (event.message.mine) {
      this.stats.echoes++;
      return;
    }
    if (Number(parts[3]) !== memberId) {
      this.stats.misdelivered++;
      return;
    }
    const seq = Number(parts[2]);
    if (!Number.isInteger(seq) || seq <= 0) {
      this.stats.unreadable++;
      return;
    }
    if (seq >= this.counts.length) {
      const grown = new Uint16Array(Math.max(seq + 1, this.counts.length * 2));
      grown.set(this.counts);
      this.counts = grown;
    }
    this.counts[seq] = (this.counts[seq] ?? 0) + 1;
    this.stats.deliveries++;
    const sent = Number(parts[4]);
    this.latencies.push(at - sent);
    this.sentAt.push(sent);
    this.lastDeliveryAt = at;
  }

  /** Closes every socket (terminate: no closing handshake to wait for). */
  close(): void {
    this.closing = true;
    this.loop.disable();
    for (const ws of this.sockets) ws.terminate();
    this.sockets.length = 0;
  }
}
