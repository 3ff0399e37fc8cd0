import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';
import { buyCredits, CLIENT, confirmedMember } from './members';

/**
 * Chat at the money moments (issue 27, points 5 and 6): a member without credits is told before sending, a text sent
 * all the same is kept as not sent (never refused by the server), the gift picker marks every gift as out of reach,
 * and the unsent message and the draft are still there after a reload; after buying credits the message is sent,
 * once. Signup gives 10 credits and 3 free texts, a text costs 5 (site defaults): the member spends them first.
 */
const TEXTS = {
  en: { short: "You don't have enough credits", notSent: "Not sent: You don't have enough credits" },
  nl: { short: 'Je hebt onvoldoende credits', notSent: 'Niet verstuurd: Je hebt onvoldoende credits' },
} as const;

/** Sends texts through the API until the server refuses for credits: the member has none left then. */
async function spendEverything(page: Page, conversation: number): Promise<void> {
  for (let i = 0; i < 20; i++) {
    const res = await page.request.post('/api/message.php', {
      headers: CLIENT,
      data: { conversation, client_id: randomUUID(), kind: 'text', text: `Spending ${i}` },
    });
    if (res.status() === 402) return;
    expect(res.status()).toBe(200);
  }
  throw new Error('the credits never ran out');
}

for (const locale of ['en', 'nl'] as const) {
  test(`chat without credits in ${locale}: told before sending, the message and the draft survive a reload, sent once after buying`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(120_000);
    const text = TEXTS[locale];
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const other = await browser.newContext({ baseURL: baseURL! });
    const partner = await confirmedMember(await other.newPage(), 'Pia', locale);
    await other.close();
    await confirmedMember(page, 'Max', locale);
    const opened = await page.request.post('/api/conversation.php', {
      headers: CLIENT,
      data: { member: partner.id },
    });
    expect(opened.status()).toBe(200);
    const conversation = ((await opened.json()) as { conversation: { id: number } }).conversation.id;
    await spendEverything(page, conversation);

    const sends: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/message.php')
        sends.push(r.postData() ?? '');
    });

    await page.goto(`/chats/${conversation}`);
    await expect(page.getByTestId('conversation-name')).toContainText(partner.name);
    await expect(page.getByTestId('chat-credits')).toContainText('0');
    // Told before a word is sent, with the way to credits.
    const notice = page.getByTestId('chat-shortfall');
    await expect(notice).toContainText(text.short);
    await expect(page.getByTestId('chat-shortfall-buy')).toHaveAttribute('href', '/credits');

    // The gift picker: every gift out of reach, Buy credits there.
    await page.getByTestId('chat-gift-button').click();
    const picker = page.getByTestId('gift-picker');
    await expect(picker.getByTestId('gift-shortfall')).toContainText(text.short);
    await expect(picker.getByTestId('gift-rose')).toBeDisabled();
    await expect(picker.getByTestId('gift-shortfall-buy')).toHaveAttribute('href', '/credits');
    await expectAccessible(page, '[data-testid="gift-picker"]');
    await page.screenshot({ path: testInfo.outputPath(`chat-credits-${locale}-gifts.png`) });
    await page.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);

    // Send all the same: kept as not sent, nothing goes to the server.
    const words = locale === 'nl' ? 'Zin in koffie deze week?' : 'Coffee this week?';
    await page.getByTestId('chat-input').fill(words);
    await page.getByTestId('chat-send').click();
    const kept = page.getByTestId('chat-message').filter({ hasText: words });
    await expect(kept).toHaveAttribute('data-status', 'failed');
    await expect(kept.getByTestId('chat-message-error')).toHaveText(text.notSent);
    await expect(kept.getByTestId('chat-message-buy-credits')).toHaveAttribute('href', '/credits');
    const draft = locale === 'nl' ? 'En verder wilde ik nog' : 'And I also wanted to';
    await page.getByTestId('chat-input').fill(draft);
    expect(sends).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: testInfo.outputPath(`chat-credits-${locale}-kept.png`) });

    // A reload: the message and the draft are still there.
    await page.reload();
    await expect(kept).toHaveAttribute('data-status', 'failed');
    await expect(page.getByTestId('chat-input')).toHaveValue(draft);
    await expect(notice).toBeVisible();
    expect(sends).toEqual([]);

    // Credits bought (the test provider's page, as on /credits); back in the chat the message goes, once.
    await buyCredits(page);
    await page.reload();
    await expect(kept).toHaveAttribute('data-status', /sent|read/);
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('chat-input')).toHaveValue(draft);
    expect(sends).toHaveLength(1);
    expect(JSON.parse(sends[0]!)).toMatchObject({ kind: 'text', text: words });
    await page.reload();
    await expect(kept).toHaveCount(1);
    await expect(kept).toHaveAttribute('data-status', /sent|read/);
    expect(sends).toHaveLength(1);
  });
}
