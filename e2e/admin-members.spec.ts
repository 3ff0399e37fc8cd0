import type { Page } from '@playwright/test';
import { signInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { buyCredits, CLIENT } from './members';

/** A confirmed member signed in on `page` (the signup consent ticked): id and name. */
async function signedUpMember(page: Page): Promise<{ id: number; name: string }> {
  const email = uniqueEmail('kees');
  const name = `Kees${Date.now() % 10000}`;
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name,
      password: 'Velvet-Harbour-42',
      date_of_birth: '1988-04-02',
      language: 'en',
      sensitive_consent: true,
    },
  });
  expect(res.status(), await res.text()).toBe(200);
  const id = (await res.json()).user.id as number;
  const link = new URL(await mailLink(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
  return { id, name };
}

/**
 * Members in the staff console (issue 22, point 6), at 375 px and 1280 px: an admin finds a member by id, adds
 * credits with a reason and the member's open page shows the new balance at once (live event); then the admin ends
 * the member's sessions and the member is signed out.
 */
test('an admin finds a member, adjusts credits with a reason, and ends the sessions', async ({
  page,
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await signedUpMember(page);
  // A paying member sees the balance in the top bar.
  await buyCredits(page);
  await page.goto('/members');
  const balance = page.getByTestId('nav-credits-balance');
  await expect(balance).toBeVisible();
  const before = Number(await balance.textContent());

  const staffContext = await browser.newContext({
    viewport: page.viewportSize() ?? undefined,
    baseURL: testInfo.project.use.baseURL,
  });
  const staffPage = await staffContext.newPage();
  await signInAsAdmin(staffPage, testInfo, '/admin/members');

  // Find the member by id.
  await staffPage.getByTestId('members-search-input').fill(String(member.id));
  await staffPage.getByTestId('members-search-submit').click();
  await expect(staffPage.getByTestId(`members-row-${member.id}`)).toBeVisible();
  await staffPage.screenshot({ path: testInfo.outputPath('members-search.png'), fullPage: true });
  await expectAccessible(staffPage, '#console-main');
  await staffPage.getByTestId(`members-open-${member.id}`).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(member.name);
  await expect(staffPage.getByTestId('member-credits')).toContainText(String(before));

  // A reason is required: the dialog does not send without one.
  await staffPage.getByTestId('member-adjust-credits').click();
  await staffPage.getByTestId('adjust-credits-amount').fill('25');
  await expect(staffPage.getByTestId('adjust-credits-confirm')).toBeDisabled();
  await staffPage.getByTestId('adjust-credits-reason').fill('Goodwill: a message did not arrive');
  await staffPage.screenshot({ path: testInfo.outputPath('members-adjust.png') });
  await staffPage.getByTestId('adjust-credits-confirm').click();
  await expect(staffPage.getByTestId('member-notice')).toContainText(String(before + 25));
  await expect(staffPage.getByTestId('member-credits')).toContainText(String(before + 25));

  // Taking more than the balance is refused with the reason, nothing changes.
  await staffPage.getByTestId('member-adjust-credits').click();
  await staffPage.getByTestId('adjust-credits-take').check();
  await staffPage.getByTestId('adjust-credits-amount').fill(String(before + 26));
  await staffPage.getByTestId('adjust-credits-reason').fill('Correction');
  await staffPage.getByTestId('adjust-credits-confirm').click();
  await expect(staffPage.getByTestId('adjust-credits-error')).toContainText(String(before + 25));
  await staffPage.getByTestId('adjust-credits-cancel').click();

  // The member's open page shows the new balance without a reload.
  await expect(balance).toHaveText(String(before + 25));

  // The ledger shows the adjustment with its reason.
  await staffPage.getByRole('tab', { name: 'Credits' }).click();
  await expect(staffPage.getByTestId('member-ledger')).toContainText('Goodwill: a message did not arrive');
  await staffPage.screenshot({ path: testInfo.outputPath('members-credits.png'), fullPage: true });

  // A copy of the member's data for staff: prepared in the background, then downloadable.
  await staffPage.getByRole('tab', { name: 'Data export' }).click();
  await staffPage.getByTestId('member-export-request').click();
  await expect(staffPage.getByTestId('member-exports')).toContainText(/Being prepared|Ready/);
  await expect(staffPage.getByTestId('member-exports')).toContainText('Ready', { timeout: 30_000 });

  // End every session: the member is signed out.
  await staffPage.getByRole('tab', { name: /Sessions/ }).click();
  await expect(staffPage.getByTestId('member-sessions')).toBeVisible();
  await staffPage.screenshot({ path: testInfo.outputPath('members-sessions.png'), fullPage: true });
  await staffPage.getByTestId('member-end-all-sessions').click();
  await staffPage.getByTestId('end-sessions-confirm').click();
  await expect(staffPage.getByTestId('member-notice')).toContainText('signed out');
  await expect(staffPage.getByText('The member is not signed in anywhere.')).toBeVisible();

  const me = (await (await page.request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: unknown;
  };
  expect(me.user).toBeNull();
  await page.reload();
  await expect(page.getByTestId('nav-credits-balance')).toHaveCount(0);
  await staffContext.close();
});
