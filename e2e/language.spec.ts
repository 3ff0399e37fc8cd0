import { readFileSync } from 'node:fs';
import { chooseLanguage, expect, expectAccessible, test } from './fixtures';

const loginText = (locale: string) =>
  (JSON.parse(readFileSync(`src/web/locales/${locale}/common.json`, 'utf8')) as { nav: { login: string } })
    .nav.login;
const LOGIN = { nl: loginText('nl'), de: loginText('de'), pl: loginText('pl'), fr: loginText('fr') } as const;

test('switching among languages changes the texts without reloading and remembers the choice', async ({
  page,
  context,
}) => {
  await page.goto('/pages/faq');
  await expect(page.getByTestId('login-button')).toHaveText(/Log in/);
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
  for (const locale of ['nl', 'de', 'pl'] as const) {
    await chooseLanguage(page, locale);
    await expect(page.getByTestId('login-button')).toHaveText(new RegExp(LOGIN[locale]));
    await expect(page.getByTestId('info-page-faq').getByRole('heading', { level: 1 })).not.toHaveText(
      'Frequently Asked Questions',
    );
  }
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
  expect(cookie?.value).toBe('pl');
  expect(cookie?.sameSite).toBe('Lax');
  expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(364 * 86_400_000);
  await page.reload();
  await expect(page.getByTestId('login-button')).toHaveText(new RegExp(LOGIN.pl));
});

test('a visitor with a language cookie gets that language on the first page', async ({ page, context }) => {
  await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: test.info().project.use.baseURL! }]);
  await page.goto('/');
  await expect(page.getByTestId('login-button')).toHaveText(new RegExp(LOGIN.fr));
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
});

test('the language page (/lang-config) switches the language and keeps it after a reload', async ({
  page,
}) => {
  await page.goto('/lang-config');
  await expect(page.getByRole('heading', { level: 1, name: 'Language' })).toBeVisible();
  await expectAccessible(page);
  await page.getByText('Deutsch', { exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sprache' })).toBeVisible();
  await expect(page.getByTestId('lang-config-status')).toHaveText('Die Sprache ist jetzt Deutsch.');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Sprache' })).toBeVisible();
  await expect(page.getByTestId('lang-config-de')).toBeChecked();
});
