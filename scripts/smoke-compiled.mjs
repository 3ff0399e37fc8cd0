#!/usr/bin/env node
// Smoke test of what the container image runs: the compiled server (dist/server/main.js, `npm run build:server`)
// with the built web app, in production mode on a fresh data folder. It must become ready, answer the API and the
// app shell, translate, and on SIGTERM drain and exit 0. Used by .ci/run where no Docker engine is available.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.SMOKE_PORT ?? 3290);
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'amora-smoke-'));
const base = `http://127.0.0.1:${port}`;

const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
  cwd: root,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    REDIS_URL: '',
    PUBLIC_URL: `http://localhost:${port}`,
    DEFAULT_SITE_DOMAIN: 'localhost',
    PAYMENT_TEST_PROVIDER: 'true',
    SHUTDOWN_DRAIN_SECONDS: '1',
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

function fail(msg) {
  console.error(`smoke: FAILED: ${msg}`);
  child.kill('SIGKILL');
  process.exit(1);
}

async function until(check, ms) {
  const end = Date.now() + ms;
  for (;;) {
    try {
      if (await check()) return;
    } catch {}
    if (Date.now() > end) fail('the server did not become ready in time');
    await new Promise((r) => setTimeout(r, 300));
  }
}

try {
  await until(async () => (await fetch(`${base}/readyz`)).status === 200, 90_000);
  const ready = await (await fetch(`${base}/readyz`)).json();
  if (ready.checks.migrations !== 'ok') fail(`readyz: ${JSON.stringify(ready)}`);

  const settings = await fetch(`${base}/api/settings.php?domain=localhost`, {
    headers: { host: 'localhost' },
  });
  if (settings.status !== 200 || !(await settings.json()).settings?.name) fail('settings.php');

  const shell = await fetch(`${base}/members`, { headers: { host: 'localhost', 'accept-encoding': 'br' } });
  if (shell.status !== 200 || !(await shell.text()).includes('<div id="root">')) fail('the app shell');

  const nl = await fetch(`${base}/api/chats.php`, {
    headers: { host: 'localhost', cookie: 'i18n_redirected=nl' },
  });
  const nlBody = await nl.json();
  if (
    nl.status !== 403 ||
    nlBody.error?.code !== 'authentication_required' ||
    !/Log in/.test(nlBody.error.message)
  )
    fail(`translated error: ${JSON.stringify(nlBody)}`);

  // Production refuses host names that are no site's.
  const other = await fetch(`${base}/api/settings.php?domain=127.0.0.1`);
  if (other.status !== 404) fail(`unknown host answered ${other.status}`);

  child.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 300));
  const draining = await fetch(`${base}/readyz`).then(
    (r) => r.status,
    () => 0,
  );
  if (draining !== 503) fail(`readyz while draining answered ${draining}`);
  const { code } = await Promise.race([
    exited,
    new Promise((r) => setTimeout(() => r({ code: 'timeout' }), 15_000)),
  ]);
  if (code !== 0) fail(`exit after SIGTERM: ${code}`);
  console.log('smoke: the compiled server started, answered and shut down cleanly');
} finally {
  child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
}
