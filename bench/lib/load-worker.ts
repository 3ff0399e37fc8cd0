/**
 * autocannon through its API, for loads whose requests vary (bench/lib/load.ts runLoad with `requests`): reads a
 * LoadWorkerInput as JSON on stdin, sends every request of every connection as the next of `requests` in turn (one
 * order shared by all connections, starting over at the end) and prints autocannon's result as one JSON line on
 * stdout, as the CLI's --json does, with the p95 added to its latency. Runs in a process of its own, like the CLI.
 */
import { createRequire } from 'node:module';
import type { LoadRequest, LoadWorkerInput } from './load';

/** The part of autocannon's request options used here (the package ships no types). */
interface RequestParams {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

interface AutocannonOptions {
  url: string;
  connections: number;
  duration: number;
  headers: Record<string, string>;
  warmup?: { connections: number; duration: number };
  requests: { setupRequest: (req: RequestParams) => RequestParams }[];
}

/** autocannon's run: a promise of the result that also emits `response` for each answer of the measured part. */
type Run = Promise<{ latency: object }> & {
  on(event: 'response', f: (client: unknown, status: number, bytes: number, ms: number) => void): void;
};

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: AutocannonOptions) => Run;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const input = JSON.parse(await readStdin()) as LoadWorkerInput;
const list: LoadRequest[] = input.requests;
if (list.length === 0) throw new Error('no requests');
let next = 0;

const run = autocannon({
  url: input.url,
  connections: input.connections,
  duration: input.seconds,
  headers: input.headers,
  ...(input.warmupSeconds > 0
    ? { warmup: { connections: input.connections, duration: input.warmupSeconds } }
    : {}),
  requests: [
    {
      setupRequest: (req) => {
        const r = list[next++ % list.length]!;
        const out: RequestParams = {
          ...req,
          method: r.method ?? 'GET',
          path: r.path,
          headers: { ...req.headers, ...r.headers },
        };
        if (r.body !== undefined) out.body = r.body;
        else delete out.body;
        return out;
      },
    },
  ],
});
// autocannon reports p90 and p97.5 but not the p95 the targets name: it is taken here from the 2xx answers of the
// measured part (the run emits none for the warm-up, which has an emitter of its own).
const latencies: number[] = [];
run.on('response', (_client, status, _bytes, ms) => {
  if (status >= 200 && status < 300) latencies.push(ms);
});
const result = await run;
latencies.sort((a, b) => a - b);
const p95 =
  latencies.length > 0
    ? latencies[Math.min(latencies.length - 1, Math.ceil(latencies.length * 0.95) - 1)]!
    : 0;
result.latency = { ...result.latency, p95: Math.round(p95 * 100) / 100 };
process.stdout.write(`${JSON.stringify(result)}\n`);
