import type { Page } from '@playwright/test';
import { signInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { CLIENT } from './members';

/**
 * Sites and catalogue in the staff console (issue 22, point 7), at 375 px and 1280 px: an admin renames the site and
 * the member's next page shows the new name; an emptied field is refused at that field with the other values kept;
 * the admin makes a bundle priced in New Zealand and changes its price, and the member there sees each price on
 * /credits. What the journey changes is put back (name) or taken off sale (bundle) at the end.
 */
/**
 * A confirmed member paying in New Zealand, signed in in the page's context (as members.ts confirmedMember, with the
 * signup's consent to sensitive data sent along, which signup is about to require).
 */
async function memberInNewZealand(page: Page): Promise<void> {
  const email = uniqueEmail('nora');
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `Nora${Date.now() % 10000}`,
      password: 'Velvet-Harbour-42',
      date_of_birth: '1990-06-15',
      language: 'en',
      sensitive_consent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  // No other journey buys in New Zealand: the bundle made here is seen by this member only.
  const profile = await page.request.put('/api/profile.php', {
    headers: CLIENT,
    data: { gender: 'female', seeking_gender: 'male', country: 'NZ', region: null },
  });
  expect(profile.status()).toBe(200);
  for (let step = 1; step <= 4; step++)
    expect(
      (await page.request.post('/api/signup-step.php', { headers: CLIENT, data: { step } })).status(),
    ).toBe(200);
  const link = new URL(await mailLink(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
}

type SiteRow = { id: number; domain: string; name: string; created_at: string } & Record<string, unknown>;

async function consoleSite(staffPage: Page): Promise<SiteRow> {
  const res = await staffPage.request.get('/api/admin/sites.php');
  expect(res.status()).toBe(200);
  const { sites } = (await res.json()) as { sites: SiteRow[] };
  const site = sites.find((s) => s.domain === 'localhost');
  if (!site) throw new Error('no localhost site');
  return site;
}

test('an admin renames the site and changes a bundle price; the member side shows both', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const tag = `${testInfo.project.name}-${Date.now().toString(36)}`;
  await memberInNewZealand(page);

  const staffContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    baseURL: testInfo.project.use.baseURL,
  });
  const staffPage = await staffContext.newPage();
  await signInAsAdmin(staffPage, testInfo, '/admin/sites');
  const original = await consoleSite(staffPage);
  let bundleId: number | null = null;
  try {
    // The site's form: an emptied name is refused at the field, the rest of what was typed stays.
    await staffPage.getByTestId(`site-edit-${original.domain}`).click();
    const name = staffPage.getByTestId('site-name');
    await expect(name).toHaveValue(original.name);
    await name.fill('');
    await staffPage.getByTestId('site-index-title').fill(`Title ${tag}`);
    await staffPage.getByTestId('site-save').click();
    await expect(staffPage.getByTestId('field-error-name')).toBeVisible();
    await expect(staffPage.getByTestId('site-index-title')).toHaveValue(`Title ${tag}`);
    await staffPage.getByTestId('site-index-title').fill(String(original.index_title));
    await staffPage.screenshot({ path: testInfo.outputPath('site-form-error.png'), fullPage: true });

    const newName = `Amora ${tag}`;
    await name.fill(newName);
    await staffPage.getByTestId('site-save').click();
    await expect(staffPage.getByTestId('site-saved')).toBeVisible();
    await expectAccessible(staffPage, '#console-main');

    // The member's next page load shows the new name.
    await page.goto('/credits');
    await expect(page.locator('.brand-name').first()).toHaveText(newName);

    // A new bundle priced in New Zealand, made in the console.
    await staffPage.goto('/admin/catalogue');
    await staffPage.getByTestId('bundle-new').click();
    await staffPage.getByTestId('bundle-code').fill(`e2e-${tag}`.slice(0, 40).toLowerCase());
    await staffPage.getByTestId('bundle-credits').fill('42');
    await staffPage.getByTestId('price-add').selectOption('NZ');
    await staffPage.getByTestId('price-amount-NZ').fill('12.34');
    await staffPage.screenshot({ path: testInfo.outputPath('bundle-form.png'), fullPage: true });
    const created = staffPage.waitForResponse(
      (r) => r.url().includes('/api/admin/catalogue.php') && r.request().method() === 'POST',
    );
    await staffPage.getByTestId('bundle-save').click();
    bundleId = ((await (await created).json()) as { bundle: { id: number } }).bundle.id;
    const code = `e2e-${tag}`.slice(0, 40).toLowerCase();
    await expect(staffPage.getByTestId(`bundle-${code}`)).toBeVisible();

    await page.reload();
    const card = page.locator(`[data-testid="bundle-card"][data-bundle-id="${bundleId}"]`);
    // The list price, and the offer of the member's welcome bonus (25 % off) computed from it by the server.
    await expect(card).toContainText('NZ$12.34');
    await expect(card.getByTestId('bundle-price')).toHaveText('NZ$9.26');

    // Its price changed in the console: the member's /credits shows the new one.
    await staffPage.getByTestId(`bundle-edit-${code}`).click();
    await staffPage.getByTestId('price-amount-NZ').fill('13.57');
    await staffPage.getByTestId('bundle-save').click();
    await expect(staffPage.getByTestId('bundle-form')).toHaveCount(0);
    await staffPage.screenshot({ path: testInfo.outputPath('bundles.png'), fullPage: true });
    await expectAccessible(staffPage, '#console-main');
    await page.reload();
    await expect(card).toContainText('NZ$13.57');
    await expect(card.getByTestId('bundle-price')).toHaveText('NZ$10.18');
  } finally {
    const { id, created_at: _created, ...input } = await consoleSite(staffPage);
    await staffPage.request.put(`/api/admin/sites.php?id=${id}`, {
      headers: CLIENT,
      data: { ...input, name: original.name, index_title: original.index_title },
    });
    if (bundleId !== null) {
      const res = await staffPage.request.get('/api/admin/catalogue.php');
      const { bundles } = (await res.json()) as {
        bundles: ({ id: number; sort: number; payments: number } & Record<string, unknown>)[];
      };
      const b = bundles.find((x) => x.id === bundleId);
      if (b) {
        const { id: bid, sort: _s, payments: _p, ...rest } = b;
        await staffPage.request.put(`/api/admin/catalogue.php?id=${bid}`, {
          headers: CLIENT,
          data: { ...rest, active: false },
        });
      }
    }
    await staffContext.close();
  }
});
