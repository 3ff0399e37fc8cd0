/**
 * autocannon through its API, for loads whose requests vary (bench/lib/load.ts runLoad with `requests`): reads a
 * LoadWorkerInput as JSON on stdin, sends every request of every connection as the next of `requests` in turn (one
 * order shared by all connections, starting over at the end) and prints autocannon's result as one JSON line on
 * stdout, as the CLI's --json does. Runs in a process of its own, like the CLI.
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

const require = createRequire(import.meta.url);
const autocannon = require('autocannon') as (opts: AutocannonOptions) => Promise<unknown>;

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const input = JSON.parse(await readStdin()) as LoadWorkerInput;
const list: LoadRequest[] = input.requests;
if (list.length === 0) throw new Error('no requests');
let next = 0;

const result = await autocannon({
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
process.stdout.write(`${JSON.stringify(result)}\n`);
