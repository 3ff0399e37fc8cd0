import type { APIRequestContext, Page } from '@playwright/test';
import { signInAsAdmin } from './admin';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { portraitJpeg } from './portrait';

const CLIENT = { 'X-Request-Type': 'client' };

/** A confirmed member with one uploaded photo, signed in on `page`: the member's id and the photo's id. */
async function memberWithPhoto(page: Page): Promise<{ memberId: number; photoId: number }> {
  const email = uniqueEmail('photo');
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `Sam${Date.now() % 10000}`,
      password: 'Velvet-Harbour-42',
      date_of_birth: '1990-03-12',
      language: 'en',
      sensitive_consent: true,
    },
  });
  expect(res.status()).toBe(200);
  const memberId = (await res.json()).user.id as number;
  const link = new URL(await mailLink(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
  await page.goto('/profile');
  await page
    .getByTestId('photo-upload-input')
    .setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await portraitJpeg() });
  await expect(page.getByTestId('own-photo')).toHaveCount(1);
  const photoId = Number(await page.getByTestId('own-photo').getAttribute('data-photo-id'));
  return { memberId, photoId };
}

/** The photos a visitor without a session sees on the member's profile. */
async function publicPhotos(api: APIRequestContext, memberId: number): Promise<number> {
  const res = await api.get(`/api/member.php?id=${memberId}`);
  expect(res.status()).toBe(200);
  return ((await res.json()).profile.photos as unknown[]).length;
}

/** Moves the staffPage's queue to the photo (J) and checks it is the one shown. */
async function showPhoto(staffPage: Page, photoId: number): Promise<void> {
  const review = staffPage.getByTestId('photo-review');
  await expect(review).toBeVisible();
  for (let i = 0; i < 20 && (await review.getAttribute('data-photo-id')) !== String(photoId); i++) {
    await staffPage.keyboard.press('j');
  }
  await expect(review).toHaveAttribute('data-photo-id', String(photoId));
}

test("photos on a 'before' site: held until a moderator approves; a rejection tells the member why", async ({
  page,
  browser,
  playwright,
  baseURL,
}, testInfo) => {
  test.setTimeout(150_000);
  const visitor = await playwright.request.newContext({ baseURL });
  const approved = await memberWithPhoto(page);
  // Held: the owner sees it waiting for review, nobody else sees it.
  await expect(page.getByTestId('photo-badge-pending')).toBeVisible();
  await expect(page.getByTestId('photo-pending-hint')).toBeVisible();
  expect(await publicPhotos(visitor, approved.memberId)).toBe(0);

  const otherContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const other = await otherContext.newPage();
  await other.addInitScript(() => localStorage.setItem('dismissed.entry_warning', String(Date.now())));
  const rejected = await memberWithPhoto(other);

  const staffContext = await browser.newContext({ viewport: page.viewportSize() ?? undefined });
  const staffPage = await staffContext.newPage();
  await signInAsAdmin(staffPage, testInfo, '/admin/photos');
  await expect(staffPage.getByTestId('photo-shortcuts')).toBeVisible();

  // Approve by keyboard: the photo is public.
  await showPhoto(staffPage, approved.photoId);
  await expect(staffPage.getByTestId('photo-scores')).toBeVisible();
  await staffPage.screenshot({ path: testInfo.outputPath('queue.png'), fullPage: true });
  await expectAccessible(staffPage);
  await staffPage.keyboard.press('a');
  await expect(staffPage.getByTestId('photo-confirmation')).toBeVisible();
  await expect.poll(() => publicPhotos(visitor, approved.memberId)).toBe(1);
  await page.reload();
  await expect(page.getByTestId('photo-badge-pending')).toHaveCount(0);

  // Reject with reason 3 (not the member) and a note: the member reads both on the photo manager.
  await showPhoto(staffPage, rejected.photoId);
  await staffPage.keyboard.press('3');
  await expect(staffPage.getByTestId('photo-reason-not_you')).toBeChecked();
  await staffPage.getByTestId('photo-note').fill('Please upload a photo of yourself.');
  await staffPage.getByTestId('photo-reject').click();
  await expect(staffPage.getByTestId('photo-confirmation')).toContainText('Not the member');
  expect(await publicPhotos(visitor, rejected.memberId)).toBe(0);
  await other.reload();
  await expect(other.getByTestId('photo-badge-rejected')).toBeVisible();
  await expect(other.getByTestId('photo-reject-reason')).toHaveText('The photo does not appear to show you.');
  await expect(other.getByTestId('photo-reject-note')).toContainText('Please upload a photo of yourself.');
  await other.screenshot({ path: testInfo.outputPath('member-rejected.png'), fullPage: true });
  await expectAccessible(other);

  await visitor.dispose();
  await otherContext.close();
  await staffContext.close();
});
