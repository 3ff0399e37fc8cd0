import { expect, expectAccessible, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/**
 * Two members at once, each in a browser of their own: a match leads into the chat; messages, typing and read
 * receipts arrive live; the free messages and the signup credits run out and the buy-credits prompt shows; a chat
 * is deleted. Signup gives 10 credits, the first 3 texts are free, then a text costs 5 (site defaults).
 */
for (const locale of ['en', 'de'] as const) {
  test(`chat in ${locale}: match → message → live typing and read receipt → reply → out of credits → delete`, async ({
    page,
    browser,
    baseURL,
  }, testInfo) => {
    test.setTimeout(180_000);
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    const contextB = await browser.newContext({
      baseURL: baseURL!,
      viewport: page.viewportSize() ?? { width: 1280, height: 900 },
      isMobile: testInfo.project.name === 'phone',
      hasTouch: testInfo.project.name === 'phone',
    });
    await contextB.addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await contextB.addInitScript(() => localStorage.setItem('dismissed.entry_warning', String(Date.now())));
    const pageB = await contextB.newPage();

    const a = await confirmedMember(page, 'Ana', locale);
    const b = await confirmedMember(pageB, 'Ben', locale);

    // A liked B; B likes back on A's profile: the match modal leads into the chat.
    expect((await page.request.post('/api/like.php', { headers: CLIENT, data: { id: b.id } })).status()).toBe(
      200,
    );
    await pageB.goto(`/members/${a.id}`);
    await pageB.getByTestId('member-like').click();
    const modal = pageB.getByTestId('match-modal');
    await expect(modal).toBeVisible();
    await modal.getByTestId('match-send-message').click();
    await expect(pageB).toHaveURL(/\/chats\/\d+$/);
    const conversationUrl = new URL(pageB.url()).pathname;
    await expect(pageB.getByTestId('conversation-name')).toContainText(a.name);
    await expect(pageB.getByTestId('chat-icebreaker-button')).toBeVisible();

    // A waits on the chat list (empty); B writes; A's list shows the chat live, unread.
    await page.goto('/chats');
    await expect(page.getByTestId('chats-empty')).toBeVisible();
    const input = pageB.getByTestId('chat-input');
    await input.fill('Hello Ana! How is your week going?');
    await expect(pageB.getByTestId('chat-cost')).toBeVisible();
    await pageB.getByTestId('chat-send').click();
    const sentB = pageB.getByTestId('chat-message').last();
    await expect(sentB).toHaveAttribute('data-status', 'sent');
    await expect(input).toHaveValue('');
    const item = page.getByTestId('chat-item').filter({ hasText: b.name });
    await expect(item).toBeVisible({ timeout: 10_000 });
    await expect(item.getByTestId('chat-unread')).toContainText('1');
    await expect(page).toHaveTitle(/^\(1\) /);

    // A opens it: B sees the read receipt live.
    await item.click();
    await expect(page).toHaveURL(new RegExp(`${conversationUrl}$`));
    await expect(
      page.getByTestId('chat-message').filter({ hasText: 'How is your week going?' }),
    ).toBeVisible();
    await expect(sentB).toHaveAttribute('data-status', 'read', { timeout: 10_000 });
    await expectAccessible(page);

    // A types: B sees "typing"; A replies: B sees it live.
    const inputA = page.getByTestId('chat-input');
    await inputA.pressSequentially('Great, tha', { delay: 30 });
    await expect(pageB.getByTestId('chat-typing')).toBeVisible({ timeout: 10_000 });
    await inputA.pressSequentially('nks!', { delay: 30 });
    await inputA.press('Enter');
    await expect(pageB.getByTestId('chat-message').filter({ hasText: 'Great, thanks!' })).toBeVisible({
      timeout: 10_000,
    });

    // B spends the free messages and the signup credits: 3 free, then 2 × 5 credits, then the prompt.
    for (let i = 2; i <= 5; i++) {
      await input.fill(`Message number ${i}`);
      await pageB.getByTestId('chat-send').click();
      await expect(
        pageB.getByTestId('chat-message').filter({ hasText: `Message number ${i}` }),
      ).toHaveAttribute('data-status', /sent|read/);
    }
    await expect(pageB.getByTestId('chat-credits')).toContainText('0');
    await input.fill('One more, please');
    await pageB.getByTestId('chat-send').click();
    const prompt = pageB.getByTestId('chat-prompt-insufficient_credits');
    await expect(prompt).toBeVisible();
    await expect(pageB.getByTestId('chat-buy-credits')).toHaveAttribute('href', '/credits');
    // The text that could not be sent is kept, marked failed, with a retry.
    const failed = pageB.getByTestId('chat-message').filter({ hasText: 'One more, please' });
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await expect(failed.getByTestId('chat-message-retry')).toBeVisible();
    await expectAccessible(pageB);
    await pageB.screenshot({
      path: testInfo.outputPath(`chat-${locale}-out-of-credits.png`),
      fullPage: false,
    });

    // A deletes the chat: gone at once, and after a reload.
    await page.goto('/chats');
    const row = page.getByTestId('chat-item').filter({ hasText: b.name });
    await expect(row).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`chat-${locale}-list.png`), fullPage: false });
    await row.getByTestId('chat-delete').click();
    await page.getByTestId('chat-delete-confirm').click();
    await expect(row).toHaveCount(0);
    await page.reload();
    await expect(page.getByTestId('chats-empty')).toBeVisible();

    await contextB.close();
  });
}

test('a visitor opening /members/{id}/chat gets the signup for that member', async ({
  page,
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL: baseURL! });
  const other = await context.newPage();
  const m = await confirmedMember(other, 'Cleo', 'en');
  await context.close();
  await page.goto(`/members/${m.id}/chat`);
  await expect(page.locator('form input[type="email"]').first()).toBeVisible();
});
