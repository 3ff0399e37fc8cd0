import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';

export const CLIENT = { 'X-Request-Type': 'client' };

/** A confirmed member signed in in the page's browser context; answers the member's profile id and name. */
export async function confirmedMember(
  page: Page,
  prefix: string,
  language: string,
): Promise<{ id: number; name: string }> {
  const request: APIRequestContext = page.request;
  const email = uniqueEmail(prefix);
  const name = `${prefix}${Date.now() % 10000}`;
  const res = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: { email, name, password: 'Velvet-Harbour-42', date_of_birth: '1990-06-15', language },
  });
  expect(res.status()).toBe(200);
  await request.put('/api/profile.php', {
    headers: CLIENT,
    data: { gender: 'female', seeking_gender: 'male' },
  });
  const link = new URL(await mailLink(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
  const user = (await (await request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: { profile: { id: number } };
  };
  return { id: user.user.profile.id, name };
}
