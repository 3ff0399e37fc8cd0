/**
 * Core Web Vitals of the first pages (issue 24, point 3): Lighthouse (npm, mobile, simulated slow 4G) in Debian's
 * Chromium against the product started as the README says (production web build, PGlite, demo content), on a port
 * and data folder of its own. Measures /, /landers/tinderswipe, a member landing, and, signed in as a member made
 * through the API, /members and /chats. Prints a table and writes it at the top of the runs in docs/performance.md.
 *
 *   npm run lighthouse                         # build if stale, start, measure, write docs/performance.md
 *   npm run lighthouse -- --label "after X"    # the run's heading says what it measures
 *   npm run lighthouse -- --runs 3             # median of 3 runs per page (by performance score)
 *   npm run lighthouse -- --no-write           # print only
 *   LH_BASE_URL=http://localhost:3000 npm run lighthouse   # measure a server already running (nothing started)
 *
 * Environment: LH_PORT (3322), LH_DATA_DIR (a fresh temporary folder), WEB_DIST_DIR (dist/web), CHROMIUM_PATH,
 * LH_REPORT_DIR (a folder: each page's full Lighthouse report as JSON, for finding what to fix).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  CWV_TARGETS,
  insertRun,
  type PageFigures,
  type PageToMeasure,
  renderRun,
  summarize,
} from './lighthouse-report';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({
  options: {
    label: { type: 'string', default: '' },
    runs: { type: 'string', default: '1' },
    'no-write': { type: 'boolean', default: false },
    only: { type: 'string', default: '' },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);

/** The same Chromium flags as playwright.config.ts, headless. */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const log = (msg: string) => console.error(`[lighthouse] ${msg}`);

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

interface Started {
  base: string;
  stop(): void;
}

/** `npm start` on a port and data folder of its own: the web build (made when stale), then the server. */
async function startServer(): Promise<Started> {
  const port = Number(process.env.LH_PORT ?? 3322);
  const dataDir = process.env.LH_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'amora-lighthouse-'));
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
    if (!process.env.LH_DATA_DIR) rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${base}/api/settings.php?domain=localhost`, 180_000);
  } catch (e) {
    stop();
    throw e;
  }
  return { base, stop };
}

/** A member signed up through the API (demo members have no password): the session cookie. */
async function memberCookie(base: string): Promise<string> {
  const res = await fetch(`${base}/api/signup.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-request-type': 'client' },
    body: JSON.stringify({
      email: `lighthouse-${Date.now()}@example.org`,
      name: 'Lighthouse',
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

/** A demo member's landing page (the first profile of the showcase, as e2e/member-landing.spec.ts). */
async function memberLandingPath(base: string): Promise<string> {
  const res = await fetch(`${base}/api/showcase.php`, { headers: { accept: 'application/json' } });
  const body = (await res.json()) as { profiles?: { id: number }[] };
  const id = body.profiles?.[0]?.id;
  if (!id) throw new Error('no demo member in /api/showcase.php');
  return `/members/${id}/landing`;
}

async function measure(
  port: number,
  url: string,
  cookie: string | undefined,
): Promise<{ figures: Omit<PageFigures, 'page'>; lcpElement: string }> {
  const result = await lighthouse(
    url,
    {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...(cookie ? { extraHeaders: { Cookie: cookie } } : {}),
    },
    undefined,
  );
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const reportDir = process.env.LH_REPORT_DIR;
  if (reportDir) {
    const name = `${new URL(url).pathname.replace(/[^a-z0-9]+/gi, '_') || 'root'}${cookie ? '-signed-in' : ''}.json`;
    writeFileSync(path.join(reportDir, name), JSON.stringify(lhr));
  }
  const lcpElement = JSON.stringify(lhr.audits['largest-contentful-paint-element']?.details ?? '').match(
    /"snippet":"((?:[^"\\]|\\.)*)"/,
  )?.[1];
  return {
    figures: {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: num('first-contentful-paint'),
      lcpMs: num('largest-contentful-paint'),
      cls: num('cumulative-layout-shift'),
      tbtMs: num('total-blocking-time'),
    },
    lcpElement: lcpElement ?? '',
  };
}

async function main() {
  const external = process.env.LH_BASE_URL;
  const server = external ? { base: external.replace(/\/$/, ''), stop: () => {} } : await startServer();
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    const cookie = await memberCookie(server.base);
    const pages: PageToMeasure[] = [
      { page: '/', signedIn: false },
      { page: '/landers/tinderswipe', signedIn: false },
      { page: await memberLandingPath(server.base), signedIn: false },
      { page: '/members', signedIn: true },
      { page: '/chats', signedIn: true },
    ].filter((p) => !args.only || p.page.includes(args.only));
    chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
    });
    const measured: PageFigures[] = [];
    for (const p of pages) {
      const tries: Omit<PageFigures, 'page'>[] = [];
      for (let i = 0; i < runs; i++) {
        const { figures, lcpElement } = await measure(
          chrome.port,
          `${server.base}${p.page}`,
          p.signedIn ? cookie : undefined,
        );
        log(`${p.page}${p.signedIn ? ' (signed in)' : ''}: ${JSON.stringify(figures)} LCP element: ${lcpElement}`);
        tries.push(figures);
      }
      measured.push({ page: p.signedIn ? `${p.page} (signed in)` : p.page, ...summarize(tries) });
    }
    const run = renderRun(measured, {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      label: args.label ?? '',
      runs,
      commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
      note: `Load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores at the end of the run.`,
    });
    console.log(run);
    if (!args['no-write']) {
      const file = path.join(root, 'docs/performance.md');
      writeFileSync(file, insertRun(readFileSync(file, 'utf8'), run));
      log('written to docs/performance.md');
    }
    const missed = measured.filter(
      (m) =>
        m.score < CWV_TARGETS.score ||
        m.lcpMs > CWV_TARGETS.lcpMs ||
        m.cls > CWV_TARGETS.cls ||
        m.tbtMs > CWV_TARGETS.tbtMs,
    );
    if (missed.length > 0) log(`below target: ${missed.map((m) => m.page).join(', ')}`);
  } finally {
    await chrome?.kill();
    server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
