import { type ChildProcess, spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { JourneyWorkerInput, JourneyWorkerOutput } from './journey-worker';

/**
 * What bench/journey.ts, bench/instance-kill.ts and bench/pg-restart.ts share: their settings from the
 * environment, the bench database, the app instances they start and the journey workers they run.
 */

const here = path.dirname(fileURLToPath(import.meta.url));

/** A whole number from the environment (`fallback` when unset), refused outside min..max. */
export function intEnv(name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`${name} must be a whole number ${min}–${max}`);
  return n;
}

export const JOURNEY_SITE = 'localhost';
export const JOURNEY_REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** The benches' database, bench_journey on the server of DATABASE_URL (never `test` or `postgres` itself). */
export function benchDatabaseUrl(): string {
  const u = new URL(process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/bench_journey');
  if (u.pathname === '/' || u.pathname === '/test' || u.pathname === '/postgres')
    u.pathname = '/bench_journey';
  return u.toString();
}

/**
 * One app instance in production mode on `url` and the shared Redis, with the test payment provider; its rate
 * limits run (their Redis round trips count) but never refuse the load; mail stays in the development outbox.
 */
export function startJourneyApp(opts: {
  port: number;
  dataDir: string;
  url: string;
  logLevel?: 'warn' | 'error';
}): ChildProcess {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: opts.url,
    REDIS_URL: JOURNEY_REDIS_URL,
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    PUBLIC_URL: `http://${JOURNEY_SITE}:${opts.port}`,
    DEFAULT_SITE_DOMAIN: JOURNEY_SITE,
    DEMO_CONTENT: 'false',
    LOG_LEVEL: opts.logLevel ?? 'error',
    NODE_ENV: 'production',
    PAYMENT_TEST_PROVIDER: 'true',
    RATE_LIMIT_SCALE: '1000000',
  };
  delete env.METRICS_PORT;
  delete env.SMTP_URL;
  return spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env,
    stdio: ['ignore', process.stderr, process.stderr],
  });
}

/** One journey worker (autocannon) against one instance; its figures. Killed 60 s after its planned end. */
export async function runJourneyWorker(input: JourneyWorkerInput): Promise<JourneyWorkerOutput> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'journey-worker.ts')], {
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  child.stdin.end(JSON.stringify(input));
  let err = '';
  child.stderr.on('data', (d: Buffer) => {
    err += d;
  });
  child.stdout.resume();
  const timer = setTimeout(() => child.kill('SIGKILL'), (input.seconds + 60) * 1000);
  const code = await new Promise<number | null>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', resolve);
  }).finally(() => clearTimeout(timer));
  if (code !== 0) throw new Error(`journey worker failed (exit ${code}): ${err.trim()}`);
  return JSON.parse(await readFile(input.outFile, 'utf8')) as JourneyWorkerOutput;
}

/** The price list as a member sees it: the first bundle and the first payment method offered. */
export async function purchaseChoice(
  port: number,
  cookie: string,
): Promise<{ bundleId: number; method: string }> {
  // node:http sends the Host header as given (fetch would not): the site is found by it.
  const { status, text } = await new Promise<{ status: number; text: string }>((resolve, reject) => {
    const req = http.get(
      `http://127.0.0.1:${port}/api/credits.php`,
      { headers: { host: JOURNEY_SITE, accept: 'application/json', cookie } },
      (res) => {
        let t = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          t += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: t }));
      },
    );
    req.on('error', reject);
  });
  const body = JSON.parse(text) as { bundles?: { id: number }[]; methods?: (string | { id: string })[] };
  const bundle = body.bundles?.[0];
  const m = body.methods?.[0];
  if (status !== 200 || !bundle || !m) throw new Error(`credits.php answered ${status}: no bundle or method`);
  return { bundleId: bundle.id, method: typeof m === 'string' ? m : m.id };
}
