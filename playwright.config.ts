import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_COUNT } from './e2e/admin';

const port = Number(process.env.E2E_PORT ?? 3210);
const dataDir = process.env.E2E_DATA_DIR ?? path.join(os.tmpdir(), `amora-e2e-${process.pid}`);
// The workers read the console's staff files there (e2e/admin.ts): they inherit the runner's environment.
process.env.E2E_DATA_DIR = dataDir;

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: chromiumArgs,
};

/**
 * The console's journeys sign in as admins e2e-admin-1..N@example.test, the first one free (e2e/admin.ts), made
 * by admin:create in one run before the server starts (the same data folder; PGlite allows one process at a time).
 * Each one's `{ email, totpSecret, password }` goes to <dataDir>/staff/e2e-admin-N.json (mode 600).
 */
const E2E_ADMIN_PASSWORD = 'E2e-Console-Admin-Passphrase-7';
const createE2eAdmins = `ADMIN_PASSWORD='${E2E_ADMIN_PASSWORD}' node --import tsx scripts/admin-create.ts --include-password ${Array.from(
  { length: E2E_ADMIN_COUNT },
  (_, i) => i + 1,
)
  .map(
    (n) =>
      `--email e2e-admin-${n}@example.test --secret-out "${path.join(dataDir, 'staff', `e2e-admin-${n}.json`)}"`,
  )
  .join(' ')} > /dev/null`;

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 }, launchOptions } },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 }, launchOptions },
    },
  ],
  webServer: {
    command: `node scripts/ensure-web-build.mjs && rm -rf "${dataDir}" && ${createE2eAdmins} && node --import tsx src/server/main.ts`,
    url: `http://localhost:${port}/api/settings.php?domain=localhost`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      DEMO_CONTENT: 'true',
      LOG_LEVEL: 'warn',
      // Every journey signs members up from the one address 127.0.0.1: more than a person would in 10 minutes.
      RATE_LIMIT_SCALE: '20',
      DATABASE_URL: '',
      REDIS_URL: process.env.REDIS_URL ?? '',
    },
  },
});
