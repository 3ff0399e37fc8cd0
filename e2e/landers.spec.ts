import { readFileSync } from 'node:fs';
import { BUILT_LANDER_TYPES } from '../src/web/features/landers/lander-types';
import { expect, expectAccessible, test } from './fixtures';

/**
 * The landing pages for visitors from advertising (/landers/:type/:slug?): each built design shows the site's public
 * members and leads to signup (a modal on desktop, the signup page on phones); types not built are not found.
 */
type Texts = { types: Record<string, { title: string; members_title?: string }> };
const texts = (locale: string) =>
  (JSON.parse(readFileSync(`src/web/locales/${locale}/landers.json`, 'utf8')) as Texts).types;
const en = { types: texts('en') };
const nl = { types: texts('nl') };

const heading = (title: string) => title.replace('{{siteName}}', 'Amora');

for (const type of BUILT_LANDER_TYPES) {
  test(`the ${type} lander shows members and the call to action, accessibly`, async ({ page }) => {
    await page.goto(`/landers/${type}`);
    const lander = page.getByTestId('lander');
    await expect(lander).toHaveAttribute('data-type', type);
    await expect(
      page.getByRole('heading', { level: 1, name: heading(en.types[type]?.title ?? '') }),
    ).toBeVisible();
    await expect(page.getByTestId('lander-cta')).toHaveAttribute('href', '/signup');
    // real public members, each with a way to sign up for them
    await expect(lander.locator('a[href^="/members/"][href$="/signup"]').first()).toBeAttached();
    expect(await lander.locator('a[href^="/members/"][href$="/signup"]').count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page);
  });
}

test('a lander in Dutch by its slug', async ({ page }) => {
  await page.goto('/landers/gallery/nl');
  await expect(page.getByRole('heading', { level: 1, name: nl.types.gallery?.title })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: nl.types.gallery?.members_title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
});

test('the call to action of a lander opens signup', async ({ page }, info) => {
  await page.goto('/landers/iconslanding');
  await page.getByTestId('lander-cta').click();
  if (info.project.name === 'desktop') {
    await expect(page.getByTestId('signup-modal').getByTestId('signup-flow')).toBeVisible();
    await expect(page).toHaveURL(/\/landers\/iconslanding$/);
  } else {
    await expect(page).toHaveURL(/\/signup$/);
    await expect(page.getByTestId('signup-flow')).toBeVisible();
  }
});

test("a member's action on the gallery opens the signup for that member", async ({ page }, info) => {
  await page.goto('/landers/gallery');
  const write = page.getByTestId('lander-member-signup').first();
  const href = await write.getAttribute('href');
  expect(href).toMatch(/^\/members\/\d+\/signup$/);
  await write.click();
  if (info.project.name === 'desktop') {
    await expect(page.getByTestId('signup-modal').getByTestId('signup-flow')).toBeVisible();
  } else {
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByTestId('signup-flow')).toBeVisible();
  }
});

for (const type of ['nosuchtype', 'map']) {
  test(`the ${type} lander is not found`, async ({ page }) => {
    await page.goto(`/landers/${type}`);
    await expect(page.getByTestId('error-page')).toBeVisible();
    await expect(page.getByTestId('lander')).toHaveCount(0);
  });
}
