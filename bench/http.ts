/**
 * HTTP benchmark of the public API on the embedded default (PGlite) or DATABASE_URL:
 * starts the server as a child process with demo content, then loads each endpoint with 20 concurrent clients.
 * Figures are printed as latency percentiles and as ratios against a baseline measured in the same run
 * (an unknown /api path: routing, error shape and logging only), so runs on different machines compare.
 *   npm run bench:http            (BENCH_SECONDS=10 BENCH_CONCURRENCY=20 by default)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { type LoadResult, runLoad } from './lib/load';

const port = 3400 + Math.floor(Math.random() * 500);
const base = `http://127.0.0.1:${port}`;
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);

async function waitReady(child: ChildProcess): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      const res = await fetch(`${base}/api/settings.php?domain=localhost`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not start');
}

/** A fresh member signed up through the API (node:http, which sends the Host header as given): the session cookie. */
function signedInCookie(): Promise<string> {
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
        headers: { host: 'localhost', 'content-type': 'application/json', 'x-request-type': 'client' },
      },
      (res) => {
        res.resume();
        const session = (res.headers['set-cookie'] ?? []).find((c) => c.startsWith('auth._token='));
        if (res.statusCode === 200 && session) resolve(session.split(';')[0]!);
        else reject(new Error(`signup failed: ${res.statusCode}`));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'amora-bench-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      DEFAULT_SITE_DOMAIN: 'localhost',
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      RATE_LIMIT_SCALE: '1000',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    await waitReady(child);
    const headers = { host: 'localhost', cookie: 'i18n_redirected=en' };
    const run = (label: string, p: string) =>
      runLoad(label, `${base}${p}`, { concurrency, durationMs: seconds * 1000, headers });
    await run('warm-up', '/api/showcase.php');
    const results: LoadResult[] = [];
    results.push(await run('baseline: unknown /api path (404)', '/api/does-not-exist.php'));
    results.push(await run('GET /api/settings.php', '/api/settings.php?domain=localhost'));
    results.push(await run('GET /api/showcase.php', '/api/showcase.php'));
    results.push(await run('GET /api/interests.php', '/api/interests.php'));
    results.push(await run('GET /api/user.php (signed out)', '/api/user.php'));
    const member = { ...headers, cookie: `${headers.cookie}; ${await signedInCookie()}` };
    results.push(
      await runLoad('GET /api/user.php (signed in)', `${base}/api/user.php`, {
        concurrency,
        durationMs: seconds * 1000,
        headers: member,
      }),
    );
    const baseline = results[0]!;
    console.log(
      `\n${concurrency} concurrent clients, ${seconds} s per endpoint, ${os.cpus().length} CPUs, Node ${process.version}`,
    );
    console.log('| endpoint | req/s | p50 ms | p95 ms | p99 ms | p95 vs baseline | errors |');
    console.log('|---|---|---|---|---|---|---|');
    for (const r of results) {
      console.log(
        `| ${r.label} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${(r.p95 / baseline.p95).toFixed(1)}x | ${r.errors} |`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
