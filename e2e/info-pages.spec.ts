import { chooseLanguage, expect, expectAccessible, test } from './fixtures';

const PAGES = [
  { path: '/pages/terms', id: 'terms', en: 'Terms of Service' },
  { path: '/pages/privacy', id: 'privacy', en: 'Privacy Statement' },
  { path: '/pages/cookies', id: 'cookies', en: 'Cookie Policy' },
  { path: '/pages/ban', id: 'ban', en: 'Ban and Suspension Policy' },
  { path: '/pages/return-policy', id: 'return_policy', en: 'Refund and Withdrawal Policy' },
  { path: '/pages/faq', id: 'faq', en: 'Frequently Asked Questions' },
  { path: '/pages/service', id: 'service', en: 'Customer Service' },
  { path: '/pages/safety', id: 'safety', en: 'Safety tips for dating' },
  // /complaints is the notice form now (DSA Art. 16), with its own journey in e2e/admin-reports.spec.ts.
];

for (const p of PAGES) {
  test(`info page ${p.path} shows its text with company facts, in English and German`, async ({ page }) => {
    await page.goto(p.path);
    const article = page.getByTestId(`info-page-${p.id}`);
    await expect(article.getByRole('heading', { level: 1 })).toHaveText(p.en);
    await expect(article).not.toContainText('{{');
    expect(
      (await article.getByRole('heading', { level: 2 }).count()) + (await article.locator('summary').count()),
    ).toBeGreaterThan(2);
    await expect(page).toHaveTitle(`${p.en} - Amora`);
    await expectAccessible(page);
    await chooseLanguage(page, 'de');
    await expect(article.getByRole('heading', { level: 1 })).not.toHaveText(p.en);
    await expect(article).not.toContainText('{{');
  });
}

test('the terms give their version date and the service page the cleaned support phone', async ({ page }) => {
  await page.goto('/pages/terms');
  // The terms date is 2023-12-01 12:00 UTC or the company's added date when later (a fresh install: today).
  await expect(page.getByTestId('info-page-terms')).toContainText(
    /These terms were last updated on \d{1,2} \w+ 20\d\d\./,
  );
  await page.goto('/pages/service');
  // The contact card and the text that names the number both link it, cleaned of dashes and spaces.
  const phones = page.getByTestId('info-page-service').getByRole('link', { name: '+31200000000' });
  await expect(phones).toHaveCount(2);
  for (const a of await phones.all()) await expect(a).toHaveAttribute('href', 'tel:+31200000000');
  await expect(page.getByTestId('info-page-service')).toContainText('Amora Media B.V.');
});

test('the pricing page shows credit costs and what a message costs at the cheapest in the visitor country', async ({
  page,
}) => {
  await page.goto('/pricing');
  await expect(page.getByTestId('pricing-page').getByRole('heading', { level: 1 })).toHaveText('Pricing');
  await expect(page.getByTestId('pricing-terms').getByTestId('message-price')).toContainText(
    /€|\$|£|kr|zł|CHF/,
  );
  await expectAccessible(page);
});

test('footer links lead to the info pages', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Cookies', exact: true }).click();
  await expect(page).toHaveURL(/\/pages\/cookies$/);
  await expect(page.getByTestId('info-page-cookies')).toBeVisible();
});
