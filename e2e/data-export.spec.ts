import { readFile } from 'node:fs/promises';
import { strFromU8, unzipSync } from 'fflate';
import { chooseLanguage, expect, expectAccessible, test } from './fixtures';
import { mailLink } from './mailbox';
import { confirmedMember } from './members';

/**
 * A member downloads their data (issue 23, point 2): asks in settings, the server's data-export job prepares it (the
 * e2e server runs the jobs of bootstrap.ts: every 5 s), the mail arrives with a link to the settings section, and the
 * zip downloads with the member's session and holds their account.
 */
for (const [locale, texts] of [
  ['en', { request: 'Request my data', ready: /Your data is ready/, subject: /ready to download/ }],
  ['nl', { request: 'Mijn gegevens aanvragen', ready: /Je gegevens staan klaar/, subject: /staan klaar/ }],
] as const) {
  test(`a member requests, is mailed about and downloads their data (${locale})`, async ({ page }) => {
    test.setTimeout(90_000);
    const member = await confirmedMember(page, `export${locale}`, locale);
    await page.goto('/notifications#data-export');
    if (locale !== 'en') await chooseLanguage(page, locale);
    const section = page.getByTestId('settings-data-export');
    await expect(section).toBeVisible();
    await section.getByRole('button', { name: texts.request }).click();
    await expect(page.getByTestId('settings-data-export-state')).toHaveAttribute('data-state', 'preparing');
    await expectAccessible(page, '[data-testid="settings-data-export"]');

    // The job prepares it; the page turns to "ready" by itself.
    await expect(page.getByTestId('settings-data-export-state')).toHaveAttribute('data-state', 'ready', {
      timeout: 45_000,
    });
    await expect(section).toContainText(texts.ready);

    const link = new URL(await mailLink(page, member.email, texts.subject));
    expect(link.pathname + link.hash).toBe('/notifications#data-export');
    await page.goto(link.pathname + link.hash);
    await expect(page.getByTestId('settings-data-export-download')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByTestId('settings-data-export-download').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzipSync(new Uint8Array(await readFile((await download.path())!)));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining(['README.txt', 'account.json', 'messages.json']),
    );
    expect(JSON.parse(strFromU8(files['account.json']!))).toMatchObject({ email: member.email });

    // Another browser without the session cannot fetch it.
    const url = await page.getByTestId('settings-data-export-download').getAttribute('href');
    const stranger = await page.context().browser()!.newContext();
    const res = await stranger.request.get(new URL(url!, page.url()).toString());
    expect(res.status()).toBe(403);
    await stranger.close();
  });
}
