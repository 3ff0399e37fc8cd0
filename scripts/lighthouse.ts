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
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
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
import { memberCookie, startServer } from './local-product';

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

/** Lighthouse fails a run now and then on a loaded machine (NO_NAVSTART, NO_FCP): up to two more tries. */
async function measureWithRetry(port: number, url: string, cookie: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(port, url, cookie);
    } catch (e) {
      if (attempt >= 3) throw e;
      log(`${url}: ${e instanceof Error ? e.message : String(e)}; trying again`);
    }
  }
}

async function main() {
  const external = process.env.LH_BASE_URL;
  const server = external
    ? { base: external.replace(/\/$/, ''), stop: () => {} }
    : await startServer({ port: Number(process.env.LH_PORT ?? 3322), dataDir: process.env.LH_DATA_DIR });
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
        const { figures, lcpElement } = await measureWithRetry(
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
