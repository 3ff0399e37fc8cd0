/**
 * The product started as the README says, for measuring it (scripts/lighthouse.ts, scripts/tti-flow.ts): the web
 * build when stale (scripts/ensure-web-build.mjs), then the server on PGlite with the demo content, on a port and
 * data folder of its own; and a member signed up through the API for the signed-in pages.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const log = (msg: string) => console.error(`[product] ${msg}`);

async function waitFor(url: string, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 1_000));
  }
  throw new Error(`the server did not answer ${url} within ${timeoutMs / 1000} s`);
}

export interface Started {
  base: string;
  stop(): void;
}

/** `npm start` on a port and data folder of its own: the web build (made when stale), then the server. */
export async function startServer(opts: { port: number; dataDir?: string | undefined }): Promise<Started> {
  const { port } = opts;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'amora-measure-'));
  const webDist = path.resolve(root, process.env.WEB_DIST_DIR || 'dist/web');
  const base = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    DEMO_CONTENT: 'true',
    DATABASE_URL: '',
    REDIS_URL: '',
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
  };
  log(`web build in ${webDist} (made when missing or stale)`);
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/ensure-web-build.mjs')], {
    env,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  if (build.status !== 0) throw new Error('the web build failed');
  log(`starting the server on ${base}, data in ${dataDir}`);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'src/server/main.ts')], {
    env,
    cwd: root,
    stdio: ['ignore', process.stderr, process.stderr],
  });
  const stop = () => {
    child.kill('SIGTERM');
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/settings.php?domain=localhost`, 600_000);
  } catch (e) {
    stop();
    throw e;
  }
  return { base, stop };
}

/** A member signed up through the API (demo members have no password): the session cookie. */
export async function memberCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/signup.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-type': 'client' },
    body: JSON.stringify({
      email: `measure-${Date.now()}@example.org`,
      name: 'Measure',
      password: 'Velvet-Harbour-42',
      date_of_birth: '1990-01-01',
      language: 'en',
      sensitive_consent: true,
    }),
  });
  const session = res.headers.getSetCookie().find((c) => c.startsWith('auth._token='));
  if (!res.ok || !session) throw new Error(`signup failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return session.split(';')[0] as string;
}

