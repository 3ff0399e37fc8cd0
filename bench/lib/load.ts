/**
 * HTTP load with autocannon (the maintained Node.js load generator) run as its CLI in a process of its own, so the
 * load generator never shares an event loop with the bench script or with the server under test; plus the helpers
 * to start, wait for and stop the servers the benches load.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface LoadOptions {
  /** Concurrent keep-alive connections, each sending its next request when the last one is answered. */
  connections: number;
  /** Measured seconds. */
  seconds: number;
  /** Seconds of load before the measurement (same connections) that are not counted; 0 for none. */
  warmupSeconds: number;
  headers?: Record<string, string>;
  /**
   * Requests that vary (a body or a session per request): every request of every connection takes the next of these
   * in turn (one order shared by all connections, starting over at the end), on the origin of `url`; `headers` are
   * sent with each. Runs autocannon's API in a process of its own (bench/lib/load-worker.ts) instead of its CLI.
   */
  requests?: LoadRequest[];
}

/** One request of LoadOptions.requests. */
export interface LoadRequest {
  /** GET by default */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** path and query string, e.g. /api/likes.php?tab=received */
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadResult {
  label: string;
  requests: number;
  /** Answered requests per second over the measured time. */
  rps: number;
  /** Latency percentiles in ms (autocannon records whole milliseconds), over the 2xx answers. */
  p50: number;
  p90: number;
  /** only for loads with `requests` (bench/lib/load-worker.ts); autocannon's CLI does not report it */
  p95?: number;
  p97_5: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Answers by HTTP status, e.g. { 200: 51234 }. */
  statuses: Record<string, number>;
}

/** The subset of autocannon's `--json` result that is read here. */
interface AutocannonJson {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  requests: { total: number; sent: number };
  latency: { p50: number; p90: number; p95?: number; p97_5: number; p99: number };
  statusCodeStats?: Record<string, { count: number }>;
}

const require = createRequire(import.meta.url);
const autocannonCli = path.join(path.dirname(require.resolve('autocannon/package.json')), 'autocannon.js');

const loadWorker = path.join(path.dirname(fileURLToPath(import.meta.url)), 'load-worker.ts');

/** What bench/lib/load-worker.ts reads on its stdin. */
export interface LoadWorkerInput {
  url: string;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  headers: Record<string, string>;
  requests: LoadRequest[];
}

/** Loads `url` with autocannon in a child process and returns its figures (throws when autocannon itself fails). */
export function runLoad(label: string, url: string, opts: LoadOptions): Promise<LoadResult> {
  let args: string[];
  let input: string | undefined;
  if (opts.requests && opts.requests.length > 0) {
    args = ['--import', 'tsx', loadWorker];
    const worker: LoadWorkerInput = {
      url,
      connections: opts.connections,
      seconds: opts.seconds,
      warmupSeconds: opts.warmupSeconds,
      headers: opts.headers ?? {},
      requests: opts.requests,
    };
    input = JSON.stringify(worker);
  } else {
    args = [autocannonCli, '--json', '--connections', String(opts.connections)];
    args.push('--duration', String(opts.seconds));
    if (opts.warmupSeconds > 0) {
      args.push('--warmup', '[', '-c', String(opts.connections), '-d', String(opts.warmupSeconds), ']');
    }
    for (const [k, v] of Object.entries(opts.headers ?? {})) args.push('--headers', `${k}:${v}`);
    args.push(url);
  }
  const limitMs = (opts.seconds + opts.warmupSeconds + 30) * 1000;
  return new Promise((resolve, reject) => {
    const child =
      input === undefined
        ? spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn(process.execPath, args, { stdio: ['pipe', 'pipe', 'pipe'] });
    if (input !== undefined) child.stdin?.end(input);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d;
    });
    child.stderr.on('data', (d: Buffer) => {
      err += d;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), limitMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      const line = out.trim().split('\n').pop() ?? '';
      let r: AutocannonJson;
      try {
        if (code !== 0) throw new Error(`exit code ${code}`);
        r = JSON.parse(line) as AutocannonJson;
      } catch (e) {
        reject(new Error(`autocannon failed for ${label} (${String(e)}): ${err.trim() || out.trim()}`));
        return;
      }
      const statuses: Record<string, number> = {};
      for (const [status, s] of Object.entries(r.statusCodeStats ?? {})) statuses[status] = s.count;
      resolve({
        label,
        requests: r.requests.total,
        rps: Math.round(r.requests.total / r.duration),
        p50: r.latency.p50,
        p90: r.latency.p90,
        ...(r.latency.p95 === undefined ? {} : { p95: r.latency.p95 }),
        p97_5: r.latency.p97_5,
        p99: r.latency.p99,
        errors: r.errors + r.timeouts,
        non2xx: r.non2xx,
        statuses,
      });
    });
  });
}

/** A TCP port on 127.0.0.1 that was free a moment ago (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` (every 250 ms, for at most `timeoutMs`) until it answers 2xx. Fails early when `child` exits, and at
 * the first non-2xx answer: the servers benched here listen only once they are fully started.
 */
export async function waitReady(
  child: ChildProcess,
  url: string,
  headers: Record<string, string> = {},
  timeoutMs = 120_000,
  hint = '',
): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(
        `${url}: the server exited (${child.exitCode ?? child.signalCode}) before it was ready`,
      );
    }
    let res: Response | undefined;
    let body = '';
    try {
      res = await fetch(url, { headers, signal: AbortSignal.timeout(5000) });
      body = await res.text();
    } catch {
      /* not listening yet */
    }
    if (res?.ok) return;
    if (res) throw new Error(`${url} answered ${res.status} ${body.slice(0, 300)}${hint ? `\n${hint}` : ''}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url}: not ready after ${timeoutMs / 1000} s`);
}

/**
 * Stops `child` with SIGTERM (a graceful close: the app's main.ts closes the server and the database, and Node then
 * writes a --cpu-prof profile) and waits for it to exit; SIGKILL after `timeoutMs`. Resolves whether it was graceful.
 */
export function stopProcess(child: ChildProcess, timeoutMs = 15_000): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode === 0);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
    child.kill('SIGTERM');
  });
}
