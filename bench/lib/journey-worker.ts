/**
 * The HTTP side of bench/journey.ts: autocannon through its API, in a process of its own, driving signed-in members
 * through a mix of actions against one app instance. Reads a JourneyWorkerInput as JSON on stdin. Every connection
 * is a member at a time (the next member of its share at each step) and picks its next action from JOURNEY_MIX:
 * sign in (POST user.php with e-mail and password, no cookie), the poll of the signed-in app (GET user.php), search,
 * open a profile, like, the swipe deck and a pass, the chats list, a conversation's messages, send a message, and buy
 * credits through the test provider (POST payment.php, then the provider's checkout answered 'paid', which calls the
 * webhook: two requests, the second counted as `buy-pay`). A message's text is `chat-bench <tag> <seq> <recipient>
 * <send time>` (bench/lib/chat-receivers.ts counts its deliveries on the live sockets). Writes per action the
 * latencies (ms) of the answers that succeeded (2xx; the checkout's 303) and all statuses, and the acknowledged message sequence numbers, to `outFile`.
 */

import { randomUUID } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { seededRandom } from '../../src/server/lib/seeded-random';

export interface JourneyMember {
  id: number;
  email: string;
  cookie: string;
  conversation: number;
  partner: number;
}

export interface JourneyWorkerInput {
  url: string;
  host: string;
  connections: number;
  seconds: number;
  tag: string;
  /** message sequence numbers are first + k * stride (two workers never share one) */
  seqFirst: number;
  seqStride: number;
  members: JourneyMember[];
  /** every bench member's id (targets of profile views, likes and passes) */
  ids: number[];
  password: string;
  bundleId: number;
  method: string;
  outFile: string;
  seed: number;
  /** weights of the actions (JOURNEY_MIX by default) */
  mix?: Record<string, number>;
}

export interface ActionFigures {
  latencies: number[];
  statuses: Record<string, number>;
}

export interface JourneyWorkerOutput {
  actions: Record<string, ActionFigures>;
  seqs: number[];
  errors: number;
  timeouts: number;
  duration: number;
  cpuSeconds: number;
}

/** Weights of the next action of a member (out of their sum): what a signed-in member does in the app. */
export const JOURNEY_MIX: Record<string, number> = {
  signin: 2,
  user: 10,
  search: 14,
  profile: 20,
  like: 6,
  'swipe-deck': 3,
  swipe: 6,
  chats: 6,
  messages: 8,
  message: 20,
  buy: 2,
};

interface RequestParams {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface Step {
  action: string;
  req: Omit<RequestParams, 'headers'> & { headers?: Record<string, string> };
}

interface AutocannonClient {
  requestIterator: { setRequests(requests: object[]): void };
  on(event: 'response', f: (status: number, bytes: number, ms: number) => void): void;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
}

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: object) => Promise<AutocannonResult>;
const now = () => performance.timeOrigin + performance.now();

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const input = JSON.parse(await readStdin()) as JourneyWorkerInput;
if (input.members.length === 0) throw new Error('no members');
const random = seededRandom(input.seed);
const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)]!;
const mix = Object.entries(input.mix ?? JOURNEY_MIX);
const mixTotal = mix.reduce((a, [, w]) => a + w, 0);
const figures: Record<string, ActionFigures> = {};
const seqs: number[] = [];
let seq = 0;

function nextAction(): string {
  let r = random() * mixTotal;
  for (const [name, w] of mix) {
    r -= w;
    if (r < 0) return name;
  }
  return mix[mix.length - 1]![0];
}

const json = (body: unknown) => JSON.stringify(body);

/** The request of `action` for member `m`. */
function stepFor(action: string, m: JourneyMember): Step {
  const other = () => {
    let id = pick(input.ids);
    if (id === m.id) id = m.partner;
    return id;
  };
  switch (action) {
    case 'signin':
      return {
        action,
        req: {
          method: 'POST',
          path: '/api/user.php',
          headers: { cookie: 'i18n_redirected=en' },
          body: json({ email: m.email, password: input.password }),
        },
      };
    case 'user':
      return { action, req: { method: 'GET', path: '/api/user.php' } };
    case 'search':
      return { action, req: { method: 'GET', path: `/api/search.php?page=${1 + Math.floor(random() * 5)}` } };
    case 'profile':
      return { action, req: { method: 'GET', path: `/api/member.php?id=${other()}` } };
    case 'like':
      return { action, req: { method: 'POST', path: '/api/like.php', body: json({ id: other() }) } };
    case 'swipe-deck':
      return { action, req: { method: 'GET', path: '/api/swipe-game.php' } };
    case 'swipe':
      return {
        action,
        req: { method: 'POST', path: '/api/swipe-game.php', body: json({ id: other(), action: 'pass' }) },
      };
    case 'chats':
      return { action, req: { method: 'GET', path: '/api/chats.php' } };
    case 'messages':
      return { action, req: { method: 'GET', path: `/api/messages.php?conversation=${m.conversation}` } };
    case 'message': {
      seq++;
      const s = input.seqFirst + (seq - 1) * input.seqStride;
      const text = `chat-bench ${input.tag} ${s} ${m.partner} ${now().toFixed(3)}`;
      return {
        action,
        req: {
          method: 'POST',
          path: '/api/message.php',
          body: json({ conversation: m.conversation, client_id: randomUUID(), kind: 'text', text }),
        },
      };
    }
    case 'buy':
      return {
        action,
        req: {
          method: 'POST',
          path: '/api/payment.php',
          body: json({ bundle_id: input.bundleId, method: input.method }),
        },
      };
    default:
      throw new Error(`unknown action ${action}`);
  }
}

function record(action: string, status: number, ms: number): void {
  let f = figures[action];
  if (!f) {
    f = { latencies: [], statuses: {} };
    figures[action] = f;
  }
  f.statuses[status] = (f.statuses[status] ?? 0) + 1;
  // 2xx, and the test provider's 303 back to the shop after the payment
  if (status >= 200 && status < 400) f.latencies.push(ms);
}

const share = Math.max(1, Math.floor(input.members.length / input.connections));
let clientIndex = 0;

/** Gives every connection its own members, its own state and the next action of its member at each request. */
function setupClient(client: AutocannonClient): void {
  const i = clientIndex++;
  const mine = input.members.filter((_, k) => k % input.connections === i % input.connections);
  const members = mine.length > 0 ? mine : [input.members[i % input.members.length]!];
  let k = Math.floor(random() * share);
  let current: Step | undefined;
  /** the test provider's checkout after a payment was made */
  let followUp: Step | undefined;
  let member = members[0]!;
  const setupRequest = (req: RequestParams): RequestParams => {
    if (followUp) {
      current = followUp;
      followUp = undefined;
    } else {
      member = members[k++ % members.length]!;
      current = stepFor(nextAction(), member);
    }
    const out: RequestParams = {
      ...req,
      method: current.req.method,
      path: current.req.path,
      headers: { ...req.headers, cookie: member.cookie, ...current.req.headers },
    };
    if (current.req.body !== undefined) out.body = current.req.body;
    else delete out.body;
    return out;
  };
  const onResponse = (status: number, body: string) => {
    if (status < 200 || status > 299 || !current) return;
    if (current.action === 'message') {
      try {
        const text = (JSON.parse(body) as { message?: { text?: string } }).message?.text ?? '';
        const parts = text.split(' ');
        if (parts[0] === 'chat-bench' && parts[1] === input.tag) seqs.push(Number(parts[2]));
      } catch {
        /* not ours */
      }
    } else if (current.action === 'buy') {
      try {
        const url = (JSON.parse(body) as { payment?: { checkout_url?: string | null } }).payment
          ?.checkout_url;
        const id = url ? new URL(url).pathname.split('/').pop() : undefined;
        if (id)
          followUp = {
            action: 'buy-pay',
            req: {
              method: 'POST',
              path: `/test-provider/checkout/${id}`,
              headers: { 'content-type': 'application/x-www-form-urlencoded' },
              body: 'outcome=paid',
            },
          };
      } catch {
        /* no checkout */
      }
    }
  };
  client.on('response', (status, _bytes, ms) => {
    if (current) record(current.action, status, ms);
  });
  client.requestIterator.setRequests([{ setupRequest, onResponse }]);
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
  setupClient,
  requests: [{ method: 'GET', path: '/api/user.php' }],
});
const cpu = process.cpuUsage(cpu0);
const out: JourneyWorkerOutput = {
  actions: figures,
  seqs,
  errors: result.errors,
  timeouts: result.timeouts,
  duration: result.duration,
  cpuSeconds: (cpu.user + cpu.system) / 1e6,
};
await writeFile(input.outFile, JSON.stringify(out));
process.stdout.write(`${JSON.stringify({ ok: true })}\n`);
