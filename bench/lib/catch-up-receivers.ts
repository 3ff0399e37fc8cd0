/**
 * Live sockets that recover from a drop as a client should: when a member's socket closes, it reconnects (to the
 * other instance, after `reconnectMs`) and catches up with one call, GET /api/messages-since.php?after=<the last
 * message id it saw>. Counts what each member received of the messages written by bench/lib/journey-worker.ts
 * (`chat-bench <tag> <seq> <recipient> <send time>`): per sequence number the live deliveries (raw) and whether the
 * recipient saw it at all (live or by the catch-up), as the client shows each message id once.
 */
import http from 'node:http';
import WebSocket from 'ws';
import { LIVE_PATH } from '../../src/shared/realtime';

interface Member {
  id: number;
  cookie: string;
}

interface Frame {
  type?: string;
  message?: { id?: number; mine?: boolean; text?: string | null };
}

const SITE = 'localhost';

export class CatchUpReceivers {
  tag = '';
  /** live deliveries to the recipient per sequence number */
  readonly live = new Map<number, number>();
  /** sequence numbers the recipient saw, live or by the catch-up */
  readonly seen = new Set<number>();
  reconnects = 0;
  catchUps = 0;
  /** messages that only the catch-up brought */
  caughtUp = 0;
  failures: string[] = [];
  private readonly lastId = new Map<number, number>();
  private readonly sockets = new Map<number, WebSocket>();
  private closing = false;

  constructor(
    private readonly ports: number[],
    private readonly reconnectMs = 1000,
  ) {}

  /** Opens a socket per member on ports[instance of the member]. */
  async open(members: Member[], instanceOf: (m: Member) => number): Promise<void> {
    for (let i = 0; i < members.length; i += 50)
      await Promise.all(members.slice(i, i + 50).map((m) => this.connect(m, instanceOf(m))));
  }

  private connect(m: Member, instance: number): Promise<void> {
    const port = this.ports[instance]!;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}${LIVE_PATH}`, {
        headers: { host: `${SITE}:${port}`, cookie: m.cookie },
        origin: `http://${SITE}:${port}`,
        perMessageDeflate: false,
        handshakeTimeout: 10_000,
      });
      this.sockets.set(m.id, ws);
      let open = false;
      ws.on('open', () => {
        open = true;
        resolve();
      });
      ws.on('error', (err) => {
        if (!open) reject(err);
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        if (!isBinary) this.onFrame(m.id, data);
      });
      ws.on('close', () => {
        if (!open || this.closing) return;
        // As the web client: reconnect (here to the other instance: the one that died is gone) and catch up.
        const other = (instance + 1) % this.ports.length;
        setTimeout(() => {
          if (this.closing) return;
          this.reconnects++;
          this.connect(m, other)
            .then(() => this.catchUp(m, other))
            .catch((err: Error) => this.failures.push(`member ${m.id}: ${err.message}`));
        }, this.reconnectMs);
      });
    });
  }

  private note(
    memberId: number,
    id: number | undefined,
    text: string | null | undefined,
    mine: boolean,
  ): boolean {
    if (id !== undefined && id > (this.lastId.get(memberId) ?? 0)) this.lastId.set(memberId, id);
    if (mine) return false;
    const parts = (text ?? '').split(' ');
    if (parts[0] !== 'chat-bench' || parts[1] !== this.tag || Number(parts[3]) !== memberId) return false;
    const seq = Number(parts[2]);
    const fresh = !this.seen.has(seq);
    this.seen.add(seq);
    return fresh;
  }

  private onFrame(memberId: number, data: Buffer): void {
    let e: Frame;
    try {
      e = JSON.parse(data.toString()) as Frame;
    } catch {
      return;
    }
    if (e.type !== 'message.new' || !e.message) return;
    const parts = (e.message.text ?? '').split(' ');
    if (!e.message.mine && parts[1] === this.tag && Number(parts[3]) === memberId) {
      const seq = Number(parts[2]);
      this.live.set(seq, (this.live.get(seq) ?? 0) + 1);
    }
    this.note(memberId, e.message.id, e.message.text, e.message.mine === true);
  }

  /** One call (and more only while has_more) for what arrived since the last message id the member saw. */
  private async catchUp(m: Member, instance: number): Promise<void> {
    this.catchUps++;
    for (;;) {
      const after = this.lastId.get(m.id) ?? 0;
      const body = await get(
        this.ports[instance]!,
        `/api/messages-since.php?after=${after}&limit=200`,
        m.cookie,
      );
      const page = JSON.parse(body) as { messages: NonNullable<Frame['message']>[]; has_more: boolean };
      for (const msg of page.messages)
        if (this.note(m.id, msg.id, msg.text, msg.mine === true)) this.caughtUp++;
      if (!page.has_more) return;
    }
  }

  close(): void {
    this.closing = true;
    for (const ws of this.sockets.values()) ws.terminate();
  }
}

function get(port: number, path: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(
        `http://127.0.0.1:${port}${path}`,
        { headers: { host: `${SITE}:${port}`, accept: 'application/json', cookie } },
        (res) => {
          let t = '';
          res.setEncoding('utf8');
          res.on('data', (d: string) => {
            t += d;
          });
          res.on('end', () =>
            res.statusCode === 200 ? resolve(t) : reject(new Error(`${path} answered ${res.statusCode}`)),
          );
        },
      )
      .on('error', reject);
  });
}
