import { chooseLanguage, expect, expectAccessible, test } from './fixtures';

/**
 * The terms name the site's own domain and company (from the settings and the company info, not a fixed text),
 * the company name once ("B.V." never gets a second full stop), and the support address is a mailto: link; in
 * English and Dutch, on the phone and on the desktop.
 */
for (const lng of ['en', 'nl'] as const) {
  test(`the terms show the site's domain, the company and a mailto link (${lng})`, async ({
    page,
    request,
  }) => {
    const { settings } = (await (await request.get('/api/settings.php?domain=localhost')).json()) as {
      settings: { domain: string; support_email: string };
    };
    const { companyinfo } = (await (await request.get('/api/companyinfo.php')).json()) as {
      companyinfo: { name: string };
    };
    await page.goto('/pages/terms');
    const article = page.getByTestId('info-page-terms');
    await expect(article.getByRole('heading', { level: 1 })).toBeVisible();
    if (lng === 'nl') {
      await chooseLanguage(page, 'nl');
      await expect(article.getByRole('heading', { level: 1 })).toHaveText('Algemene voorwaarden');
    }
    const intro = lng === 'nl' ? 'wordt aangeboden door' : 'offered at';
    await expect(article.getByText(intro)).toContainText(settings.domain);
    await expect(article).toContainText(companyinfo.name);
    // A name that ends in a full stop ends the sentence itself.
    if (companyinfo.name.endsWith('.'))
      expect(await article.textContent()).not.toContain(`${companyinfo.name}.`);

    const mail = article.getByRole('link', { name: settings.support_email }).first();
    await expect(mail).toBeVisible();
    await expect(mail).toHaveAttribute('href', `mailto:${settings.support_email}`);
    // Nothing of the text runs off a phone's screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
}
