import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { CLIENT } from './members';

/**
 * The member search starts from what the member wants (issue 27, point 10): a woman seeking men in the Netherlands
 * opens /members and finds the filters at men, the Netherlands and ages around her own, with men in the results;
 * what she chooses then is hers.
 */

const TEXTS = {
  en: { men: 'Men', everyone: 'Everyone', netherlands: 'Netherlands', man: 'Man' },
  nl: { men: 'Mannen', everyone: 'Iedereen', netherlands: 'Nederland', man: 'Man' },
} as const;

/** A date of birth 36 years and a month ago: 36 years old, whatever the day of the run. */
function birthDateAged36(): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - 36, d.getUTCMonth() - 1, Math.min(d.getUTCDate(), 28));
  return d.toISOString().slice(0, 10);
}

/** A woman of 36 seeking men in NL (the profile step of signup), confirmed and signed in. */
async function womanSeekingMenInNL(page: Page, language: string): Promise<void> {
  const email = uniqueEmail('seeker');
  const res = await page.request.post('/api/signup.php', {
    headers: CLIENT,
    data: {
      email,
      name: `Sanne${Date.now() % 10000}`,
      password: 'Velvet-Harbour-42',
      date_of_birth: birthDateAged36(),
      language,
      sensitive_consent: true,
    },
  });
  expect(res.status()).toBe(200);
  const profile = await page.request.put('/api/profile.php', {
    headers: CLIENT,
    data: { gender: 'female', seeking_gender: 'male', sexuality: 'hetero', country: 'NL' },
  });
  expect(profile.status(), await profile.text()).toBe(200);
  const link = new URL(await mailLink(page, email));
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('activate-done-page')).toBeVisible();
}

const selectedText = (page: Page, key: string) =>
  page
    .getByTestId(`members-filter-${key}`)
    .evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.text ?? '');

for (const locale of ['en', 'nl'] as const) {
  test(`search defaults in ${locale}: a woman seeking men in NL starts at men in NL of about her age`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const text = TEXTS[locale];
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await womanSeekingMenInNL(page, locale);

    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/search.php');
    await page.goto('/members');
    await expect(page.getByTestId('members-page')).toBeVisible();
    const search = (await (await answer).json()) as {
      profiles: { id: number; age: number; country: string }[];
      filters: { gender: string | null; country: string | null; min_age: number; max_age: number };
    };
    expect(search.filters).toMatchObject({ gender: 'male', country: 'NL', min_age: 26, max_age: 46 });

    // The filter bar shows what she wants, and nothing in the address was chosen for her.
    await expect(page.getByTestId('members-filter-gender')).toBeEnabled();
    await expect.poll(() => selectedText(page, 'gender')).toBe(text.men);
    await expect.poll(() => selectedText(page, 'country')).toBe(text.netherlands);
    await expect(page.getByTestId('members-filter-min_age')).toHaveValue('26');
    await expect(page.getByTestId('members-filter-max_age')).toHaveValue('46');
    expect(new URL(page.url()).search).toBe('');

    // Men in the Netherlands of those ages (the demo members), each of them a man.
    const cards = page.getByTestId('members-grid').getByTestId('profile-card');
    await expect(cards.first()).toBeVisible();
    expect(search.profiles.length).toBeGreaterThan(0);
    for (const card of search.profiles) {
      expect(card.country).toBe('NL');
      expect(card.age).toBeGreaterThanOrEqual(26);
      expect(card.age).toBeLessThanOrEqual(46);
      const member = await page.request.get(`/api/member.php?id=${card.id}`, { headers: CLIENT });
      expect(((await member.json()) as { profile: { gender: string } }).profile.gender).toBe('male');
    }
    await expectAccessible(page);

    // The first card is a man.
    await cards.first().click();
    await expect(page.getByTestId('member-field-gender')).toHaveText(text.man);

    // What she chooses is hers: everyone stays everyone, in the address too.
    await page.goBack();
    await page.getByTestId('members-filter-gender').selectOption('');
    await expect(page).toHaveURL(/gender=any/);
    await expect.poll(() => selectedText(page, 'gender')).toBe(text.everyone);
    await page.reload();
    await expect(page.getByTestId('members-filter-gender')).toBeEnabled();
    await expect.poll(() => selectedText(page, 'gender')).toBe(text.everyone);
    await expect(page.getByTestId('members-filter-min_age')).toHaveValue('26');

    // All countries, kept over a reload: the app starts with the page's query (settings.php gets it too).
    await page.getByTestId('members-filter-country').selectOption('');
    await expect(page).toHaveURL(/country=any/);
    await page.reload();
    await expect(page.getByTestId('members-filter-country')).toBeEnabled();
    await expect(page.getByTestId('members-filter-country')).toHaveValue('');
    await expect(page.getByTestId('members-grid').getByTestId('profile-card').first()).toBeVisible();
  });
}
