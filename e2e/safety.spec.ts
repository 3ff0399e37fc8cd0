import { expect, test } from './fixtures';
import { CLIENT, confirmedMember } from './members';

/**
 * Safer dating (issue 21): a profile visit shows up for the visited member (a free member sees how many, as blurred
 * cards); a first message with a phone number reaches the recipient with a gentle warning and a link to the safety
 * tips; the recipient unmatches and the sender sees the conversation ended, without a composer.
 */
for (const locale of ['en', 'nl'] as const) {
  test(`safety in ${locale}: visit → visitors tab; first message with a phone number → warning; unmatch → ended`, async ({
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

    const a = await confirmedMember(page, 'Sara', locale);
    const b = await confirmedMember(pageB, 'Tom', locale);

    // A looks at B's profile: B's visitors tab counts one visitor, shown blurred (B has not paid).
    await page.goto(`/members/${b.id}`);
    await expect(page.getByTestId('member-like')).toBeVisible();
    await pageB.goto('/likes');
    await pageB.getByTestId('likes-tab-visitors').click();
    await expect(pageB).toHaveURL(/\/likes\/visitors$/);
    await expect(pageB.getByTestId('visitors-count')).toContainText('1');
    await expect(pageB.getByTestId('visitor-blurred')).toHaveCount(1);
    await expect(pageB.getByTestId('visitors-get-premium')).toBeVisible();
    await expect(pageB.getByTestId('visitors')).not.toContainText(a.name);

    // A writes first, with a phone number: B sees the message with the warning and the way to the safety tips.
    const open = await page.request.post('/api/conversation.php', {
      headers: CLIENT,
      data: { member: b.id },
    });
    expect(open.status()).toBe(200);
    const conversationId = ((await open.json()) as { conversation: { id: number } }).conversation.id;
    await page.goto(`/chats/${conversationId}`);
    await page.getByTestId('chat-input').fill(`Hi ${b.name}, call me on +31 6 1234 5678`);
    await page.getByTestId('chat-send').click();
    await expect(page.getByTestId('chat-message').last()).toHaveAttribute('data-status', 'sent');
    await expect(page.getByTestId('chat-safety-warning-phone')).toHaveCount(0);

    await pageB.goto(`/chats/${conversationId}`);
    const warning = pageB.getByTestId('chat-safety-warning-phone');
    await expect(warning).toBeVisible();
    await expect(warning.getByTestId('chat-safety-tips')).toHaveAttribute('href', '/pages/safety');

    // B unmatches: back to the list, which no longer has the chat; A's conversation shows it ended.
    await pageB.getByTestId('chat-unmatch').click();
    await pageB.getByTestId('unmatch-confirm').click();
    await expect(pageB).toHaveURL(/\/chats$/);
    await expect(pageB.getByTestId('chat-item').filter({ hasText: a.name })).toHaveCount(0);
    await expect(page.getByTestId('chat-ended')).toContainText(b.name);
    await expect(page.getByTestId('chat-input')).toHaveCount(0);

    // The safety page (from the warning's link) in the member's language.
    await pageB.goto('/pages/safety');
    await expect(pageB.getByTestId('info-page-safety')).toBeVisible();
    await expect(pageB.getByRole('heading', { level: 1 })).toHaveText(
      locale === 'en' ? 'Safety tips for dating' : 'Veiligheidstips voor daten',
    );
    await contextB.close();
  });
}
