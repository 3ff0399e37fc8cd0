/**
 * The sending side of bench/chat.ts: autocannon through its API, in a process of its own (like load-worker.ts),
 * posting chat messages to POST /api/message.php at a fixed overall rate. Reads a ChatSenderInput as JSON on stdin;
 * every request is a text from one member of a random conversation to its partner, with a fresh client_id and the
 * text `chat-bench <tag> <seq> <recipient id> <send time>`, the send time in ms since the epoch with sub-ms
 * precision (performance.timeOrigin + performance.now(), which compares across processes on one machine), taken
 * when the request is written. The sequence numbers answered 2xx, and each one's HTTP latency (the answer's arrival
 * minus its send time), go to `ackFile` as JSON; one line of figures goes to stdout.
 *
 * Pacing: `autocannon` is autocannon's own overallRate (each connection may send rate / connections requests per
 * one-second window, back to back from the start of the window; all windows start together, so the second's
 * requests leave in a burst at its start). `even` (the default of bench/chat.ts) spaces the requests evenly: the
 * k-th request of connection i is due at start + (i + k * connections) / rate; a connection whose answer comes late
 * sends its next request at once, so an app that cannot keep up sees the connections in a closed loop.
 */
import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { seededRandom } from '../../src/server/lib/seeded-random';

export interface ChatPair {
  conversation: number;
  a: number;
  b: number;
  cookieA: string;
  cookieB: string;
}

export interface ChatSenderInput {
  /** http://127.0.0.1:<port> of the instance that takes the sends */
  url: string;
  /** the Host header (localhost:<port>: the site's domain) */
  host: string;
  connections: number;
  seconds: number;
  /** messages per second, all connections together */
  rate: number;
  pacing: 'even' | 'autocannon';
  /** marks this run's messages (the receivers count only the current tag) */
  tag: string;
  pairs: ChatPair[];
  ackFile: string;
  seed: number;
}

/** What the worker prints (one JSON line). */
export interface ChatSenderResult {
  /** requests written */
  sent: number;
  /** answers received */
  answered: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statuses: Record<string, number>;
  /** seconds autocannon ran */
  duration: number;
  /** the worker's own CPU seconds (user + system) */
  cpuSeconds: number;
}

/** What the worker writes to ackFile: the 2xx answers' sequence numbers and HTTP latencies in ms, in order. */
export interface ChatAcks {
  seqs: number[];
  httpMs: number[];
}

interface RequestParams {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

/** The parts of autocannon's Client that the even pacing wraps (the package ships no types). */
interface AutocannonClient {
  _doRequest: (...args: unknown[]) => void;
  reqsMade: number;
  destroyed: boolean;
  requestIterator: { rebuildRequest(): void };
  on(event: 'done', f: () => void): void;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number; sent: number };
  statusCodeStats?: Record<string, { count: number }>;
}

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: object) => Promise<AutocannonResult>;

const now = () => performance.timeOrigin + performance.now();

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const input = JSON.parse(await readStdin()) as ChatSenderInput;
if (input.pairs.length === 0) throw new Error('no conversations');
const random = seededRandom(input.seed);
let seq = 0;
const acks: ChatAcks = { seqs: [], httpMs: [] };

function setupRequest(req: RequestParams): RequestParams {
  const p = input.pairs[Math.floor(random() * input.pairs.length)]!;
  const fromA = random() < 0.5;
  const to = fromA ? p.b : p.a;
  seq++;
  const text = `chat-bench ${input.tag} ${seq} ${to} ${now().toFixed(3)}`;
  return {
    ...req,
    method: 'POST',
    path: '/api/message.php',
    headers: { ...req.headers, cookie: fromA ? p.cookieA : p.cookieB },
    body: JSON.stringify({ conversation: p.conversation, client_id: randomUUID(), kind: 'text', text }),
  };
}

function onResponse(status: number, body: string): void {
  if (status < 200 || status > 299) return;
  const at = now();
  try {
    const text = (JSON.parse(body) as { message?: { text?: string } }).message?.text ?? '';
    const parts = text.split(' ');
    if (parts[0] !== 'chat-bench' || parts[1] !== input.tag) return;
    acks.seqs.push(Number(parts[2]));
    acks.httpMs.push(at - Number(parts[4]));
  } catch {
    /* not an answer of ours */
  }
}

let clientIndex = 0;
let start: number | undefined;
/**
 * Wraps a client's _doRequest: the first request of a connection is rebuilt when it is written (autocannon builds
 * it when the client is made, which would date its send time too early), and with even pacing every request waits
 * for its slot.
 */
function setupClient(client: AutocannonClient): void {
  const i = clientIndex++;
  const send = client._doRequest;
  const slotMs = 1000 / input.rate;
  const periodMs = slotMs * input.connections;
  let k = 0;
  let timer: NodeJS.Timeout | undefined;
  client.on('done', () => clearTimeout(timer));
  const write = (args: unknown[]) => {
    if (client.destroyed) return;
    if (client.reqsMade === 0) client.requestIterator.rebuildRequest();
    send.apply(client, args);
  };
  client._doRequest = (...args: unknown[]) => {
    if (input.pacing !== 'even') {
      write(args);
      return;
    }
    start ??= performance.now() + 20;
    const due = start + i * slotMs + k * periodMs;
    k++;
    const wait = due - performance.now();
    if (wait > 0.5) {
      timer = setTimeout(() => {
        timer = undefined;
        write(args);
      }, wait);
    } else write(args);
  };
}

const cpu0 = process.cpuUsage();
const result = await autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.seconds,
  headers: {
    host: input.host,
    'content-type': 'application/json',
    accept: 'application/json',
    'x-request-type': 'client',
  },
  ...(input.pacing === 'autocannon' ? { overallRate: input.rate } : {}),
  setupClient,
  requests: [{ setupRequest, onResponse }],
});
const cpu = process.cpuUsage(cpu0);
await writeFile(input.ackFile, JSON.stringify(acks));
const statuses: Record<string, number> = {};
for (const [status, s] of Object.entries(result.statusCodeStats ?? {})) statuses[status] = s.count;
const out: ChatSenderResult = {
  sent: result.requests.sent,
  answered: result.requests.total,
  ok: acks.seqs.length,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statuses,
  duration: result.duration,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
};
process.stdout.write(`${JSON.stringify(out)}\n`);
