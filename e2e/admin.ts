import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request, type TestInfo } from '@playwright/test';
import { generate } from 'otplib';

/**
 * Staff in browser journeys. playwright.config.ts creates the admins e2e-admin-1..N@example.test (N =
 * E2E_ADMIN_COUNT) before the server starts and writes `{ email, totpSecret, password }` of each to
 * `<E2E data dir>/staff/e2e-admin-N.json`.
 * A TOTP code is accepted once per account (the server keeps the last step used), so every code a journey uses is
 * claimed first: a file per account and 30-s step, created exclusively, shared by all workers. A journey signing in
 * as an admin takes the first admin whose current step is free, starting from one its test id picks, so journeys
 * wait for a new step only when every admin's step is taken (before, every journey of a worker shared one admin and
 * most of them waited up to 30 s).
 */
export interface StaffCredentials {
  email: string;
  password: string;
  totpSecret: string;
}

const PERIOD_SECONDS = 30;
export const E2E_ADMIN_COUNT = 16;

function dataDir(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir)
    throw new Error('E2E_DATA_DIR is not set: playwright.config.ts sets it for the server and the workers');
  return dir;
}

function readAdmin(n: number): StaffCredentials {
  const file = path.join(dataDir(), 'staff', `e2e-admin-${n}.json`);
  return JSON.parse(readFileSync(file, 'utf8')) as StaffCredentials;
}

/** A stable start among the admins for a test (and its retry), so parallel journeys spread over them. */
function startIndex(testInfo: TestInfo): number {
  let h = 0;
  for (const c of `${testInfo.testId}:${testInfo.retry}`) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return h % E2E_ADMIN_COUNT;
}

/**
 * An admin and a TOTP code nobody else will use: the first admin (from the test's start index) whose current
 * 30-s step is still free. Waits for the next step only when all are taken, or when the step is about to end.
 */
async function claimAdmin(testInfo: TestInfo): Promise<{ who: StaffCredentials; code: string }> {
  const first = startIndex(testInfo);
  for (;;) {
    const now = Date.now() / 1000;
    const step = Math.floor(now / PERIOD_SECONDS);
    // Not in the last seconds of a step: the sign-in form takes a moment before the code arrives.
    if (now - step * PERIOD_SECONDS < PERIOD_SECONDS - 3) {
      for (let i = 0; i < E2E_ADMIN_COUNT; i++) {
        const who = readAdmin(((first + i) % E2E_ADMIN_COUNT) + 1);
        if (claimStep(who.totpSecret, step)) {
          return { who, code: await generate({ secret: who.totpSecret, epoch: step * PERIOD_SECONDS }) };
        }
      }
    }
    await new Promise((r) => setTimeout(r, ((step + 1) * PERIOD_SECONDS - now) * 1000 + 100));
  }
}

/** True once this process holds the account's step (no other journey or worker will use it). */
function claimStep(secret: string, step: number): boolean {
  const dir = path.join(dataDir(), 'staff', 'used-steps');
  mkdirSync(dir, { recursive: true });
  // The secret itself never goes into a file name: its first characters' hash is enough to tell accounts apart.
  const key = Buffer.from(secret).toString('base64url').slice(-12);
  try {
    closeSync(openSync(path.join(dir, `${key}-${step}`), 'wx'));
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** A TOTP code of the account nobody has used yet (waits for the next 30-s step when this one is taken). */
export async function freshTotp(secret: string): Promise<string> {
  for (;;) {
    const now = Date.now() / 1000;
    const step = Math.floor(now / PERIOD_SECONDS);
    // Not in the last second of a step: the code could be a step old when it arrives.
    if (now - step * PERIOD_SECONDS < PERIOD_SECONDS - 1.5 && claimStep(secret, step)) {
      return generate({ secret, epoch: step * PERIOD_SECONDS });
    }
    const wait = ((step + 1) * PERIOD_SECONDS - now) * 1000 + 100;
    await new Promise((r) => setTimeout(r, wait));
  }
}

/**
 * Signs the staff member in through the console's sign-in screen (e-mail, password, then a fresh TOTP code) at
 * `path` (default /admin), and waits for the console's page.
 */
export async function signInStaff(page: Page, who: StaffCredentials, pathname = '/admin'): Promise<void> {
  await page.goto(pathname);
  await page.getByTestId('console-email').fill(who.email);
  await page.getByTestId('console-password').fill(who.password);
  await page.getByTestId('console-sign-in-submit').click();
  await expect(page.getByTestId('console-totp-code')).toBeVisible();
  await page.getByTestId('console-totp-code').fill(await freshTotp(who.totpSecret));
  await page.getByTestId('console-totp-submit').click();
  await expect(page.locator('#console-main')).toBeVisible();
}

/** Signs an admin in (the first one free, see claimAdmin); returns the credentials used. */
export async function signInAsAdmin(
  page: Page,
  testInfo: TestInfo,
  pathname = '/admin',
): Promise<StaffCredentials> {
  const { who, code } = await claimAdmin(testInfo);
  await page.goto(pathname);
  await page.getByTestId('console-email').fill(who.email);
  await page.getByTestId('console-password').fill(who.password);
  await page.getByTestId('console-sign-in-submit').click();
  await expect(page.getByTestId('console-totp-code')).toBeVisible();
  await page.getByTestId('console-totp-code').fill(code);
  await page.getByTestId('console-totp-submit').click();
  await expect(page.locator('#console-main')).toBeVisible();
  return who;
}

/** Signs an admin in through the API in a request context of its own (its cookies are not the page's). */
export async function apiSignInAsAdmin(api: APIRequestContext, testInfo: TestInfo): Promise<void> {
  const headers = { 'X-Request-Type': 'client' };
  const { who, code } = await claimAdmin(testInfo);
  const login = await api.post('/api/admin/login.php', {
    headers,
    data: { email: who.email, password: who.password },
  });
  expect(login.status()).toBe(200);
  const answer = await api.post('/api/admin/login-code.php', { headers, data: { code } });
  expect(answer.status()).toBe(200);
}

/** The invitation link of the newest console invitation mailed to `to` (development mailbox). */
async function inviteLink(page: Page, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/dev/mailbox.php?to=${encodeURIComponent(to)}`);
      const { mails } = (await res.json()) as { mails: { text: string }[] };
      link =
        mails.map((m) => m.text.match(/https?:\/\/\S+\/admin\/invite\?token=[\w-]+/)?.[0]).find(Boolean) ??
        '';
      return link;
    })
    .not.toBe('');
  return link;
}

export interface InvitedStaff extends StaffCredentials {
  name: string;
  role: 'moderator' | 'admin';
}

/**
 * A new staff member, signed in on `page`: an admin invites a fresh address with `role` through the API,
 * and the invitation is accepted in the page (name, password, the TOTP key read from the enrolment screen and one
 * code of it).
 */
export async function inviteStaff(
  page: Page,
  testInfo: TestInfo,
  role: 'moderator' | 'admin' = 'moderator',
): Promise<InvitedStaff> {
  const baseURL = testInfo.project.use.baseURL;
  const api = await request.newContext({ baseURL });
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const invited = {
    email: `e2e-staff-${id}@example.test`,
    name: `Staff ${id}`,
    password: `Console-${id}-passphrase`,
    role,
  };
  try {
    await apiSignInAsAdmin(api, testInfo);
    const res = await api.post('/api/admin/staff-invites.php', {
      headers: { 'X-Request-Type': 'client' },
      data: { email: invited.email, name: invited.name, role },
    });
    expect(res.status()).toBe(200);
  } finally {
    await api.dispose();
  }
  return { ...invited, totpSecret: await acceptInvite(page, await inviteLink(page, invited.email), invited) };
}

/** Accepts an invitation in the page; answers the TOTP secret enrolled. */
export async function acceptInvite(
  page: Page,
  link: string,
  who: { name: string; password: string },
): Promise<string> {
  await page.goto(link);
  await page.getByTestId('console-invite-name').fill(who.name);
  await page.getByTestId('console-invite-password').fill(who.password);
  await page.getByTestId('console-invite-confirm').fill(who.password);
  await page.getByTestId('console-invite-continue').click();
  await expect(page.getByTestId('console-totp-qr')).toBeVisible();
  const secret = ((await page.getByTestId('console-totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  await page.getByTestId('console-totp-code').fill(await freshTotp(secret));
  await page.getByTestId('console-invite-finish').click();
  await expect(page.locator('#console-main')).toBeVisible();
  return secret;
}
