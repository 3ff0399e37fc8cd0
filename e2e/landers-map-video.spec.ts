import { readFileSync } from 'node:fs';
import { type Page, request, type TestInfo } from '@playwright/test';
import { apiSignInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { uniqueEmail } from './mailbox';

/**
 * The map and video landers (issue 20, points 1 and 2), at phone and desktop size, in two languages (the slug's):
 * each shows real public members, a member leads to the signup for them, and the advertising's tracking parameters
 * of the first visit (network, ref, sub1) end up on the new account, as the console shows it.
 */
type Texts = {
  types: {
    maplanding: { title: string; panel_title: string };
    video: { title: string; say_hello: string };
  };
};
const texts = (locale: string) =>
  (JSON.parse(readFileSync(`src/web/locales/${locale}/landers.json`, 'utf8')) as Texts).types;

// Each journey signs a member up and then reads the account in the staff console (a sign-in with TOTP of its own).
test.describe.configure({ timeout: 90_000 });

const TRACKING = { network: 'adnet-e2e', ref: 'r-map-video', sub1: 'creative-7' };
const query = new URLSearchParams(TRACKING).toString();

/** Signs up in the open signup form (the modal on desktop, the page on phones); answers the new account's id. */
async function signUpHere(page: Page, prefix: string): Promise<number> {
  const form = page.getByTestId('signup-form');
  await expect(form).toBeVisible();
  await form.locator('input[name=email]').fill(uniqueEmail(prefix));
  await form.locator('input[name=name]').fill(`${prefix}${Date.now() % 10000}`);
  await form.locator('input[name=password]').fill('Velvet-Harbour-42');
  const selects = form.locator('select');
  await selects.nth(0).selectOption('17');
  await selects.nth(1).selectOption('05');
  await selects.nth(2).selectOption('1990');
  await page.getByTestId('sensitive-consent-checkbox').check();
  const answer = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/signup.php' && r.request().method() === 'POST',
  );
  await page.getByTestId('signup-submit').click();
  const res = await answer;
  expect(res.status()).toBe(200);
  expect(res.request().postDataJSON()).toMatchObject({ tracking: TRACKING });
  return ((await res.json()) as { user: { id: number } }).user.id;
}

/** The tracking stored on the account, as the staff console reads it (an admin signed in through the API). */
async function accountTracking(id: number, info: TestInfo) {
  const admin = await request.newContext({ baseURL: info.project.use.baseURL });
  await apiSignInAsAdmin(admin, info);
  const res = await admin.get(`/api/admin/member.php?id=${id}`, { headers: { 'X-Request-Type': 'client' } });
  expect(res.status()).toBe(200);
  const tracking = ((await res.json()) as { account: { tracking: Record<string, string> } }).account.tracking;
  await admin.dispose();
  return tracking;
}

/** After a member's signup link: the modal on desktop (the lander stays), the member's signup page on phones. */
async function expectSignupOpen(page: Page, href: string, desktop: boolean, lander: RegExp) {
  if (desktop) {
    await expect(page.getByTestId('signup-modal').getByTestId('signup-flow')).toBeVisible();
    await expect(page).toHaveURL(lander);
  } else {
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('signup-flow')).toBeVisible();
  }
}

for (const [locale, slug] of [
  ['en', 'eng'],
  ['de', 'de'],
] as const) {
  const t = texts(locale);

  test(`map lander in ${locale}: members by area, a tap shows them, signup keeps the tracking`, async ({
    page,
  }, info) => {
    await page.goto(`/landers/maplanding/${slug}?${query}`);
    // The slug's language wins; on a busy machine loading all its texts takes a while.
    await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: t.maplanding.title })).toBeVisible();
    const map = page.getByTestId('lander-map');
    // A server draws a country's map once, on its first request (seconds on a busy machine), then keeps it.
    await expect(map.locator('svg path.lander-map-home')).toHaveCount(1, { timeout: 30_000 });
    const pins = map.getByTestId('lander-map-pin');
    await expect(pins.first()).toBeVisible();
    expect(await pins.count()).toBeGreaterThanOrEqual(2);
    // No horizontal scroll at this width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);

    // A tap on another area shows its members.
    const pin = pins.nth(1);
    await pin.click();
    await expect(pin).toHaveAttribute('aria-pressed', 'true');
    const panel = page.getByTestId('lander-map-panel');
    const write = panel.getByTestId('lander-map-member-signup').first();
    const href = (await write.getAttribute('href')) ?? '';
    expect(href).toMatch(/^\/members\/\d+\/signup$/);
    await write.click();
    const desktop = info.project.name === 'desktop';
    await expectSignupOpen(page, href, desktop, /\/landers\/maplanding\//);
    const id = await signUpHere(page, `map${locale}`);
    expect(await accountTracking(id, info)).toMatchObject(TRACKING);
  });

  test(`video lander in ${locale}: a film of members, its signup keeps the tracking`, async ({
    page,
  }, info) => {
    await page.goto(`/landers/video/${slug}?${query}`);
    // The slug's language wins; on a busy machine loading all its texts takes a while.
    await expect(page.locator('html')).toHaveAttribute('lang', locale, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: t.video.title })).toBeVisible();
    const film = page.getByTestId('lander-film');
    await expect(film.locator('img.lander-film-poster')).toHaveAttribute('src', /\S/);
    // The film plays: the canvas draws and the member on screen changes.
    await expect(film).toHaveClass(/is-ready/);
    const first = await film.getByTestId('lander-film-member').textContent();
    await expect(film.getByTestId('lander-film-member')).not.toHaveText(first ?? '', { timeout: 10_000 });
    expect(await page.locator('a[href^="/members/"][href$="/signup"]').count()).toBeGreaterThanOrEqual(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);

    // Paused, the film stays on its member; its call to action signs up for that member.
    await film.getByTestId('lander-film-toggle').click();
    const name = (await film.getByTestId('lander-film-member').textContent())?.split(',')[0] ?? '';
    const cta = film.getByTestId('lander-film-signup');
    await expect(cta).toHaveText(t.video.say_hello.replace('{{name}}', name));
    const href = (await cta.getAttribute('href')) ?? '';
    await cta.click();
    await expectSignupOpen(page, href, info.project.name === 'desktop', /\/landers\/video\//);
    const id = await signUpHere(page, `video${locale}`);
    expect(await accountTracking(id, info)).toMatchObject(TRACKING);
  });
}

test('the map and video landers have no horizontal scroll at 320 px', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const [type, part] of [
    ['maplanding', 'lander-map-pin'],
    ['video', 'lander-film'],
  ] as const) {
    await page.goto(`/landers/${type}/eng`);
    await expect(page.getByTestId(part).first()).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
