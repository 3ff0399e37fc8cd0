/**
 * HTTP benchmark of the public API with autocannon, against a baseline measured in the same run.
 *
 * Starts, each as a child process on 127.0.0.1: the app (src/server/main.ts, NODE_ENV=production, LOG_LEVEL=warn,
 * RATE_LIMIT_SCALE=100000, demo content; embedded PGlite, or the PostgreSQL of DATABASE_URL and the Redis of
 * REDIS_URL when set) and a bare Fastify app with one route (bench/baseline-server.ts). Each target is then loaded
 * by autocannon in a process of its own (closed loop: every connection sends its next request when the last one is
 * answered), after a warm-up that is not counted: the baseline first, then the endpoints as the web client calls
 * them, then the baseline again to show drift. Every endpoint is reported as a share of the first baseline's req/s,
 * which compares across machines better than raw figures do. Prints a markdown table (stdout; progress on stderr)
 * and exits non-zero when any request failed or was answered other than 2xx.
 *
 *   npm run bench:http
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/amora_bench_http npm run bench:http   (an empty database at
 *   first: the app creates the site for localhost only in a database without sites)
 *   BENCH_CONNECTIONS=50 BENCH_SECONDS=10 BENCH_WARMUP_SECONDS=2 by default;
 *   BENCH_ONLY=user,settings,showcase,interests,user-signed-in picks endpoints (the baseline always runs);
 *   BENCH_CPU_PROF=1 starts the app with --cpu-prof and prints where the profile was written after a graceful stop
 *   (BENCH_CPU_PROF_DIR to choose the folder; a new temporary folder by default).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort, type LoadResult, runLoad, stopProcess, waitReady } from './lib/load';

function intEnv(name: string, fallback: number, min: number, max: number): number {
  const raw = process.env[name];
  const n = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer ${min}–${max}`);
  return n;
}

const connections = intEnv('BENCH_CONNECTIONS', 50, 1, 1000);
const seconds = intEnv('BENCH_SECONDS', 10, 1, 600);
const warmupSeconds = intEnv('BENCH_WARMUP_SECONDS', 2, 0, 60);
const cpuProf = process.env.BENCH_CPU_PROF === '1' || process.env.BENCH_CPU_PROF === 'true';
const SITE = 'localhost';

/** What the web client sends on every API call (src/web/lib/http.ts), plus the language cookie of a visitor. */
const CLIENT_HEADERS = { host: SITE, accept: 'application/json', cookie: 'i18n_redirected=en' };
/** The client marks user.php calls (and every write) with the request-type header. */
const USER_PHP_HEADERS = { ...CLIENT_HEADERS, 'x-request-type': 'client' };

interface Endpoint {
  name: string;
  label: string;
  path: string;
  signedIn?: boolean;
  headers: Record<string, string>;
}

/** The endpoints with the queries the web client really sends (settings: the host as `domain`; lists: `lang`). */
const ENDPOINTS: Endpoint[] = [
  { name: 'user', label: 'GET /api/user.php (signed out)', path: '/api/user.php', headers: USER_PHP_HEADERS },
  {
    name: 'settings',
    label: 'GET /api/settings.php?domain=localhost',
    path: `/api/settings.php?domain=${SITE}`,
    headers: CLIENT_HEADERS,
  },
  {
    name: 'showcase',
    label: 'GET /api/showcase.php?lang=en',
    path: '/api/showcase.php?lang=en',
    headers: CLIENT_HEADERS,
  },
  {
    name: 'interests',
    label: 'GET /api/interests.php?lang=en',
    path: '/api/interests.php?lang=en',
    headers: CLIENT_HEADERS,
  },
  {
    name: 'user-signed-in',
    label: 'GET /api/user.php (signed in)',
    path: '/api/user.php',
    signedIn: true,
    headers: USER_PHP_HEADERS,
  },
];

function selectedEndpoints(): Endpoint[] {
  const only = (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (only.length === 0) return ENDPOINTS;
  const unknown = only.filter((n) => !ENDPOINTS.some((e) => e.name === n));
  if (unknown.length > 0) {
    throw new Error(
      `BENCH_ONLY: unknown ${unknown.join(', ')} (known: ${ENDPOINTS.map((e) => e.name).join(', ')})`,
    );
  }
  return ENDPOINTS.filter((e) => only.includes(e.name));
}

/** A fresh member signed up through the API (node:http, which sends the Host header as given): the session cookie. */
function signedInCookie(base: string): Promise<string> {
  const body = JSON.stringify({
    email: `bench-${Date.now()}@example.org`,
    name: 'Bench',
    password: 'Velvet-Harbour-42',
    date_of_birth: '1990-01-01',
    language: 'en',
  });
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${base}/api/signup.php`,
      {
        method: 'POST',
        headers: { ...USER_PHP_HEADERS, 'content-type': 'application/json' },
        timeout: 30_000,
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => {
          text += d;
        });
        res.on('end', () => {
          const session = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth._token='));
          if (res.statusCode === 200 && session) resolve(session.split(';')[0]!);
          else reject(new Error(`signup failed: ${res.statusCode} ${text.slice(0, 300)}`));
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error('signup timed out')));
    req.on('error', reject);
    req.end(body);
  });
}

const log = (msg: string) => console.error(`[bench] ${msg}`);

function startChild(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  // The children's output goes to stderr, so that stdout holds only the report.
  return spawn(process.execPath, args, { env, stdio: ['ignore', process.stderr, process.stderr] });
}

function machine(): string {
  const cpus = os.cpus();
  const require = createRequire(import.meta.url);
  const versions = ['fastify', 'autocannon']
    .map((p) => `${p} ${(require(`${p}/package.json`) as { version: string }).version}`)
    .join(', ');
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, ${versions}`;
}

function row(r: LoadResult, baseline: LoadResult): string {
  const ratio = (r.rps / baseline.rps).toFixed(2);
  return `| ${r.label} | ${r.rps} | ${ratio} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.non2xx} |`;
}

async function main(): Promise<void> {
  const endpoints = selectedEndpoints();
  const database = process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (embedded)';
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'amora-bench-'));
  const profDir = cpuProf
    ? (process.env.BENCH_CPU_PROF_DIR ?? (await mkdtemp(path.join(os.tmpdir(), 'amora-cpu-prof-'))))
    : undefined;
  const appPort = await freePort();
  const basePort = await freePort();
  const app = `http://127.0.0.1:${appPort}`;
  const bare = `http://127.0.0.1:${basePort}`;

  log(`starting the app on ${database}${profDir ? ` with --cpu-prof into ${profDir}` : ''}`);
  const server = startChild(
    [
      ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
      '--import',
      'tsx',
      'src/server/main.ts',
    ],
    {
      // DATABASE_URL and REDIS_URL pass through from the environment when set.
      ...process.env,
      PORT: String(appPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://${SITE}:${appPort}`,
      DEFAULT_SITE_DOMAIN: SITE,
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PAYMENT_TEST_PROVIDER: 'true',
      RATE_LIMIT_SCALE: '100000', // the limits still run (their cost counts) but never refuse the load
    },
  );
  const baseline = startChild(['--import', 'tsx', 'bench/baseline-server.ts'], {
    ...process.env,
    PORT: String(basePort),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    PAYMENT_TEST_PROVIDER: 'true',
  });

  let failed = false;
  try {
    await Promise.all([
      waitReady(
        server,
        `${app}/api/settings.php?domain=${SITE}`,
        CLIENT_HEADERS,
        180_000,
        process.env.DATABASE_URL
          ? `The app creates the site for ${SITE} only in a database without sites: use an empty database ` +
              '(e.g. createdb amora_bench_http) or one an earlier bench:http run set up.'
          : '',
      ),
      waitReady(baseline, `${bare}/hello`),
    ]);
    const memberCookie = endpoints.some((e) => e.signedIn) ? await signedInCookie(app) : undefined;

    const load = (label: string, url: string, headers: Record<string, string>) => {
      log(`${label}: ${warmupSeconds} s warm-up, ${seconds} s measured`);
      return runLoad(label, url, { connections, seconds, warmupSeconds, headers });
    };
    const hello = (when: string) =>
      load(`baseline: bare Fastify GET /hello (${when})`, `${bare}/hello`, {
        host: SITE,
        accept: 'application/json',
      });

    const first = await hello('first');
    const results: LoadResult[] = [first];
    for (const e of endpoints) {
      const headers = e.signedIn
        ? { ...e.headers, cookie: `${e.headers.cookie}; ${memberCookie}` }
        : e.headers;
      results.push(await load(e.label, `${app}${e.path}`, headers));
    }
    results.push(await hello('last, for drift'));

    console.log(
      `\n${connections} connections, ${seconds} s per target after a ${warmupSeconds} s warm-up; ${database}; ${machine()}\n`,
    );
    console.log('| target | req/s | × baseline req/s | p50 ms | p99 ms | errors | non-2xx |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) console.log(row(r, first));
    for (const r of results) {
      if (r.errors > 0 || r.non2xx > 0) {
        failed = true;
        console.log(
          `\n${r.label}: ${r.errors} errors/timeouts, ${r.non2xx} non-2xx of ${r.requests} (statuses ${JSON.stringify(r.statuses)})`,
        );
      }
    }
  } finally {
    const [graceful] = await Promise.all([stopProcess(server), stopProcess(baseline)]);
    await rm(dataDir, { recursive: true, force: true });
    if (profDir) {
      const files = (await readdir(profDir).catch(() => [] as string[])).filter((f) =>
        f.endsWith('.cpuprofile'),
      );
      if (!graceful) console.log('\nThe app did not stop gracefully: its CPU profile may be missing.');
      // Node names them CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: thread 0 is the app's main thread, the
      // others are worker threads (such as the module loader of tsx).
      const thread = (f: string) =>
        f.split('.')[4] === '0' ? 'main thread' : `worker thread ${f.split('.')[4]}`;
      console.log(
        files.length > 0
          ? `\nCPU profiles of the app (open in Chrome DevTools > Performance, or speedscope):\n${files
              .map((f) => `  ${path.join(profDir, f)} (${thread(f)})`)
              .join('\n')}`
          : `\nNo CPU profile was written into ${profDir}.`,
      );
    }
  }
  if (failed) {
    console.error('\n[bench] FAILED: some requests failed or were answered other than 2xx');
    process.exitCode = 1;
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
