import type { APIRequestContext, Page } from '@playwright/test';
import { expect } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';

export const CLIENT = { 'X-Request-Type': 'client' };

/**
 * A confirmed member who went through the signup steps, signed in in the page's browser context; answers the
 * member's profile id, name and e-mail address.
 */
export async function confirmedMember(
  page: Page,
  prefix: string,
  language: string,
): Promise<{ id: number; name: string; email: string }> {
  const request: APIRequestContext = page.request;
  const email = uniqueEmail(prefix);
  const name = `${prefix}${Date.now() % 10000}`;
  const res = await request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name,
      password: 'Velvet-Harbour-42',
      date_of_birth: '1990-06-15',
      language,
      sensitive_consent: true,
    },
  });
  expect(res.status()).toBe(200);
  await request.put('/api/profile.php', {
    headers: CLIENT,
    data: { gender: 'female', seeking_gender: 'male' },
  });
  // Through the signup steps as the wizard goes (the photo skipped): no 'finish your profile' prompt.
  for (let step = 1; step <= 4; step++)
    expect((await request.post('/api/signup-step.php', { headers: CLIENT, data: { step } })).status()).toBe(
      200,
    );
  const link = new URL(await mailLink(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
  const user = (await (await request.get('/api/user.php', { headers: CLIENT })).json()) as {
    user: { profile: { id: number } };
  };
  return { id: user.user.profile.id, name, email };
}

/** Buys the largest credit bundle for the signed-in member of `page` through the built-in test provider. */
export async function buyCredits(page: Page): Promise<void> {
  const request = page.request;
  const catalogue = (await (await request.get('/api/credits.php')).json()) as {
    bundles: { id: number; credits: number }[];
    methods: string[];
  };
  const bundle = catalogue.bundles.reduce((a, b) => (b.credits > a.credits ? b : a));
  const res = await request.post('/api/payment.php', {
    headers: CLIENT,
    data: { bundle_id: bundle.id, method: catalogue.methods[0] },
  });
  expect(res.status()).toBe(200);
  const { payment } = (await res.json()) as { payment: { checkout_url: string } };
  const paid = await request.post(new URL(payment.checkout_url).pathname, { data: { outcome: 'paid' } });
  expect(paid.ok()).toBe(true);
}
