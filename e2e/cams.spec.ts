import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/**
 * The cam section (issue 22, point 8), at 375 px and 1280 px: a member reaches /cams from the member search, sees the
 * cam performers as cards with their badge and the explanation, and a cam profile's page says what it is; the member
 * search shows no cam profile. The embedded default seeds the demo cam profiles.
 */
for (const locale of ['en', 'nl'] as const) {
  test(`cam section in ${locale}: badges on /cams, none in the member search`, async ({
    page,
    baseURL,
  }, testInfo) => {
    test.setTimeout(90_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Cami', locale);
    // Women and men, every age, anywhere: the widest search, where a cam profile would show if it leaked in.
    expect(
      (
        await page.request.put('/api/profile.php', { headers: CLIENT, data: { seeking_gender: null } })
      ).status(),
    ).toBeLessThan(500);

    await page.goto('/members?country=any');
    await expect(page.getByTestId('members-page')).toBeVisible();
    await expect(page.getByTestId('profile-card').first()).toBeVisible();
    await expect(page.locator('[data-testid^="kind-badge-"]')).toHaveCount(0);

    await page.getByTestId('members-cams').click();
    await expect(page).toHaveURL(/\/cams$/);
    await expect(page.getByTestId('cams-intro')).toBeVisible();
    const cards = page.locator('[data-testid="cams-card-cam"]');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(3);
    await expect(cards.first().getByTestId('kind-badge-cam')).toBeVisible();
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`cams-${locale}.png`), fullPage: true });

    const name = (await cards.first().getByTestId('profile-card').locator('.card-title').innerText()).split(
      ',',
    )[0]!;
    await cards.first().getByTestId('profile-card').click();
    await expect(page.getByTestId('member-name')).toContainText(name);
    await expect(page.getByTestId('kind-notice-cam')).toBeVisible();
    await expectAccessible(page);

    // Searching by the performer's own name area does not find them either: the API's whole first page.
    const search = (await (await page.request.get('/api/search.php?country=any')).json()) as {
      profiles: { kind?: string }[];
    };
    expect(search.profiles.filter((p) => p.kind === 'cam' || p.kind === 'resell')).toEqual([]);
  });
}
