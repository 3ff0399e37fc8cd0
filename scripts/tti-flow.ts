/**
 * Time to interactive of a member's way to a conversation (issue 24, point 6): /members -> a profile -> the chat,
 * at 375 x 812 in Debian's Chromium (Playwright), with the network and CPU slowed as Lighthouse's mobile preset
 * (150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU 4x slower), signed in as a member made through the API.
 *
 * For each step: "visible" = from the navigation or tap until the step's element shows (the first profile card,
 * the profile's Message button, the chat's input), "interactive" = until the last long task (> 50 ms) that ends
 * before 1 s without one. The first step is a cold load (empty cache); the other two are in-app screen changes.
 *
 *   npm run tti-flow                        # start the product (as scripts/lighthouse.ts), measure, print
 *   npm run tti-flow -- --runs 3 --label "after X" --write   # median of 3, written into docs/performance.md
 *   LH_BASE_URL=http://localhost:3000 npm run tti-flow       # a server already running
 *
 * Environment: LH_PORT (3322), LH_DATA_DIR, WEB_DIST_DIR, CHROMIUM_PATH (as scripts/lighthouse.ts).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type BrowserContext, chromium, type Locator, type Page } from '@playwright/test';
import { memberCookie, startServer } from './local-product';
import { insertTtiRun, renderTtiRun, type StepTiming, summarizeSteps } from './tti-report';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values: args } = parseArgs({
  options: {
    label: { type: 'string', default: '' },
    runs: { type: 'string', default: '1' },
    write: { type: 'boolean', default: false },
  },
});
const runs = Math.max(1, Number(args.runs) || 1);
const log = (msg: string) => console.error(`[tti-flow] ${msg}`);

/** Lighthouse's mobile preset (simulated slow 4G and a mid-range phone's CPU), applied for real here. */
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
const QUIET_MS = 1_000;

/** Long tasks seen by the page since it loaded, kept on window for reading (installed before any script runs). */
const LONG_TASK_OBSERVER = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, end: e.startTime + e.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

async function nowInPage(page: Page): Promise<number> {
  return page.evaluate(() => performance.now());
}

/** The end of the last long task after `from` that is followed by QUIET_MS without one (waits for that quiet). */
async function quietAfter(page: Page, from: number): Promise<number> {
  const until = Date.now() + 30_000;
  for (;;) {
    const { tasks, now } = await page.evaluate(() => ({
      tasks: (window as unknown as { __longTasks: { start: number; end: number }[] }).__longTasks,
      now: performance.now(),
    }));
    const after = tasks.filter((t) => t.end > from);
    const last = after.length > 0 ? Math.max(...after.map((t) => t.end)) : from;
    if (now - last >= QUIET_MS || Date.now() > until) return last;
    await page.waitForTimeout(200);
  }
}

async function step(page: Page, name: string, started: number, target: Locator): Promise<StepTiming> {
  await target.first().waitFor({ state: 'visible', timeout: 60_000 });
  const visible = (await nowInPage(page)) - started;
  const interactive = Math.max(visible, (await quietAfter(page, started)) - started);
  return { step: name, visibleMs: visible, interactiveMs: interactive };
}

async function oneRun(context: BrowserContext, base: string): Promise<StepTiming[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.addInitScript(LONG_TASK_OBSERVER);

  await page.goto(`${base}/members`, { waitUntil: 'commit' });
  // Navigation start is 0 on the page's clock.
  const list = await step(page, '/members (cold load)', 0, page.getByTestId('profile-card'));

  let t = await nowInPage(page);
  await page.getByTestId('profile-card').first().click();
  const profile = await step(page, '-> a profile', t, page.getByTestId('member-message'));

  t = await nowInPage(page);
  await page.getByTestId('member-message').click();
  const chat = await step(page, '-> the chat', t, page.getByTestId('chat-input'));
  await page.close();
  return [list, profile, chat];
}

async function main() {
  const external = process.env.LH_BASE_URL;
  const server = external
    ? { base: external.replace(/\/$/, ''), stop: () => {} }
    : await startServer({ port: Number(process.env.LH_PORT ?? 3322), dataDir: process.env.LH_DATA_DIR });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const results: StepTiming[][] = [];
    for (let i = 0; i < runs; i++) {
      // A new member each run: the same first visit of /members every time.
      const cookie = await memberCookie(server.base);
      const [name, value] = cookie.split('=') as [string, string];
      const context = await browser.newContext({
        viewport: { width: 375, height: 812 },
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
      });
      await context.addCookies([{ name, value, url: server.base }]);
      const run = await oneRun(context, server.base);
      for (const s of run)
        log(`${s.step}: visible ${Math.round(s.visibleMs)} ms, interactive ${Math.round(s.interactiveMs)} ms`);
      results.push(run);
      await context.close();
    }
    const table = renderTtiRun(summarizeSteps(results), {
      date: new Date().toISOString().slice(0, 16).replace('T', ' '),
      label: args.label ?? '',
      runs,
      commit: spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim(),
      note: `Load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores at the end of the run.`,
    });
    console.log(table);
    if (args.write) {
      const file = path.join(root, 'docs/performance.md');
      writeFileSync(file, insertTtiRun(readFileSync(file, 'utf8'), table));
      log('written to docs/performance.md');
    }
  } finally {
    await browser.close();
    server.stop();
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
