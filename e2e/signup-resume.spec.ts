import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { mailLink, uniqueEmail } from './mailbox';
import { confirmedMember } from './members';

const PASSWORD = 'Velvet-Harbour-42';

const json = <T>(file: string): T =>
  JSON.parse(readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8')) as T;
const auth = (locale: string) =>
  json<{
    signup: { resume_subtitle: string; finish_banner: { text: string } };
    sexuality: Record<string, string>;
  }>(`web/locales/${locale}/auth.json`);
const validation = (locale: string) => json<Record<string, string>>(`shared/i18n/${locale}/validation.json`);
const profileTexts = (locale: string) =>
  json<{ unsaved: { title: string } }>(`web/locales/${locale}/profile.json`);

/**
 * Whether the select's chosen text fits inside it: the text's width in the select's font against the room between
 * its paddings (where the arrow and any validation icon sit), so a clipped 'wrzes' or 'M' fails.
 */
async function chosenTextFits(select: Locator): Promise<{ text: string; width: number; room: number }> {
  return select.evaluate((el: HTMLSelectElement) => {
    const style = getComputedStyle(el);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const text = el.options[el.selectedIndex]!.text;
    return {
      text,
      width: Math.ceil(context.measureText(text).width),
      room: el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
    };
  });
}

async function openSignup(page: Page, locale: string, baseURL: string) {
  await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL }]);
  await page.goto('/signup');
  await expect(page.getByTestId('signup-form')).toBeVisible();
}

for (const locale of ['en', 'pl'] as const) {
  test(`signup in ${locale}: every month reads in full, also with the error shown`, async ({
    page,
    baseURL,
  }) => {
    await openSignup(page, locale, baseURL!);
    await page.getByTestId('signup-submit').click(); // empty: every field says what is missing
    const form = page.getByTestId('signup-form');
    const month = page.getByTestId('birth-month');
    await expect(month).toHaveAttribute('aria-invalid', 'true');
    const names = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    for (let m = 1; m <= 12; m++) {
      await month.selectOption(String(m).padStart(2, '0'));
      const fit = await chosenTextFits(month);
      expect(fit.text).toBe(names.format(new Date(Date.UTC(2000, m - 1, 1))));
      expect(fit.width, `${fit.text} in ${fit.room}px`).toBeLessThanOrEqual(fit.room);
    }
    // The day and year placeholders too ('Dzień'), and nothing sticks out of the form.
    for (const i of [0, 2]) {
      const fit = await chosenTextFits(form.locator('select').nth(i));
      expect(fit.width, `${fit.text} in ${fit.room}px`).toBeLessThanOrEqual(fit.room);
    }
    expect(await form.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test(`signup in ${locale}: a reload continues at the step left, with what was typed; the members area asks to finish`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const texts = auth(locale);
    const email = uniqueEmail(`resume-${locale}`);
    await openSignup(page, locale, baseURL!);
    const form = page.getByTestId('signup-form');
    await form.locator('input[name=email]').fill(email);
    await form.locator('input[name=name]').fill(`Ola${locale}`);
    await form.locator('input[name=password]').fill(PASSWORD);
    const selects = form.locator('select');
    await selects.nth(0).selectOption('17');
    await selects.nth(1).selectOption('09');
    await selects.nth(2).selectOption('1990');
    await page.getByTestId('sensitive-consent-checkbox').check();
    await page.getByTestId('signup-submit').click();
    await expect(page.getByTestId('signup-step-photo')).toBeVisible({ timeout: 15_000 });

    // Reload after step 0: back at the photo step, not sent to the members area.
    await page.reload();
    await expect(page.getByTestId('signup-step-photo')).toBeVisible();
    await expect(page.getByTestId('signup-page')).toContainText(texts.signup.resume_subtitle);
    await page.getByTestId('signup-skip').click();

    // Orientation is asked once, and only what fits the gender is offered.
    const personal = page.getByTestId('signup-step-personal');
    await expect(personal.locator('input[name=seeking_gender]')).toHaveCount(0);
    await personal.locator('label:has(input[name=gender][value=male])').click();
    await expect(personal.locator('input[name=sexuality][value=lesbian]')).toHaveCount(0);
    await personal.locator('label:has(input[name=sexuality][value=gay])').click();
    await personal.locator('label:has(input[name=gender][value=female])').click();
    await expect(personal.locator('input[name=sexuality][value=gay]')).toHaveCount(0);
    await expect(personal.locator('input[name=sexuality]:checked')).toHaveCount(0); // 'gay' did not stay chosen
    await personal.locator('label:has(input[name=sexuality][value=lesbian])').click();
    await personal.locator('input[autocomplete=address-level2]').fill('Kraków');

    // A reload in the middle of the step keeps what was chosen and typed.
    await page.reload();
    const again = page.getByTestId('signup-step-personal');
    await expect(again.locator('input[name=gender][value=female]')).toBeChecked();
    await expect(again.locator('input[name=sexuality][value=lesbian]')).toBeChecked();
    await expect(again.locator('input[autocomplete=address-level2]')).toHaveValue('Kraków');
    await page.getByTestId('signup-next').click();
    await expect(page.getByTestId('signup-step-about')).toBeVisible();
    const profile = await (await page.request.get('/api/profile.php')).json();
    expect(profile.profile).toMatchObject({ gender: 'female', sexuality: 'lesbian', city: 'Kraków' });

    // Confirmed and in the members area with the about step left: a prompt leads back to it.
    const link = new URL(await mailLink(page, email));
    await page.goto(link.pathname + link.search);
    await expect(page.getByTestId('activate-done-page')).toBeVisible();
    await page.goto('/members');
    const banner = page.getByTestId('finish-signup-banner');
    await expect(banner).toContainText(texts.signup.finish_banner.text);
    await page.getByTestId('finish-signup-dismiss').click();
    await expect(banner).toHaveCount(0);
    await page.reload(); // dismissed for this session
    await expect(page.getByTestId('members-page')).toBeVisible();
    await expect(banner).toHaveCount(0);
    await page.goto('/signup');
    await expect(page.getByTestId('signup-step-about')).toBeVisible();
    await page.getByTestId('signup-skip').click();
    await page.getByTestId('signup-push-skip').click();
    await expect(page.getByTestId('signup-matches')).toBeVisible();
    const user = await (await page.request.get('/api/user.php')).json();
    expect(user.user.signup_step).toBeNull();
  });

  test(`login in ${locale}: the empty form shows field errors and sends nothing`, async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await page.goto('/login');
    const form = page.getByTestId('login-form');
    await expect(form).toBeVisible();
    const logins: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/user.php') && r.method() === 'POST') logins.push(r.url());
    });
    await page.getByTestId('login-submit').click();
    const v = validation(locale);
    await expect(form.locator('.invalid-feedback')).toHaveText([v.email_required!, v.password_required!]);
    await expect(form.locator('input[name=email]')).toHaveAttribute('aria-invalid', 'true');
    await form.locator('input[name=email]').fill('someone@example');
    await form.locator('input[name=password]').fill('x');
    await page.getByTestId('login-submit').click();
    await expect(form.locator('.invalid-feedback')).toHaveText([v.email_invalid!]);
    expect(logins).toEqual([]);
  });

  test(`profile in ${locale}: leaving with unsaved edits asks first`, async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Edit', locale);
    await page.goto('/profile');
    await page.getByTestId('profile-about-text').fill('Nowy opis / a new text, not saved yet.');
    await page.getByTestId('nav-members').click();
    const dialog = page.getByTestId('unsaved-dialog');
    await expect(dialog).toContainText(profileTexts(locale).unsaved.title);
    await page.getByTestId('unsaved-stay').click();
    await expect(dialog).toHaveCount(0);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-about-text')).toHaveValue(
      'Nowy opis / a new text, not saved yet.',
    );

    // Closing the tab gets the browser's own question.
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const question = await asked;
    expect(question.type()).toBe('beforeunload');
    await question.dismiss();
  });
}
