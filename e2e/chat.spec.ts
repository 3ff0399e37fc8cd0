import { expect, expectAccessible, test } from './fixtures';
import { buyCredits, CLIENT, confirmedMember } from './members';

/**
 * Two members at once, each in a browser of their own: a match leads into the chat; messages, typing and read
 * receipts arrive live; the free messages and the signup credits run out and the member is told before sending; a chat
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
    // The title counts unread messages and new likes: B's message and B's like of A.
    await expect(page).toHaveTitle(/^\(2\) /);

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
    // Told before sending: the credits do not cover a message (e2e/chat-credits.spec.ts goes on from here).
    await expect(pageB.getByTestId('chat-shortfall')).toBeVisible();
    await expect(pageB.getByTestId('chat-shortfall-buy')).toHaveAttribute('href', '/credits');
    await input.fill('One more, please');
    await pageB.getByTestId('chat-send').click();
    // The text is kept as not sent, with a retry and the way to credits.
    const failed = pageB.getByTestId('chat-message').filter({ hasText: 'One more, please' });
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await expect(failed.getByTestId('chat-message-retry')).toBeVisible();
    await expect(failed.getByTestId('chat-message-buy-credits')).toHaveAttribute('href', '/credits');
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

test('a live connection dropped for 30 s while 100 messages arrive shows all 100 once, in order, after it returns', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name === 'phone', 'the transport is the same at every viewport');
  test.setTimeout(240_000);
  const contextB = await browser.newContext({ baseURL: baseURL!, viewport: { width: 1280, height: 900 } });
  await contextB.addInitScript(() => localStorage.setItem('dismissed.entry_warning', String(Date.now())));
  const pageB = await contextB.newPage();
  await confirmedMember(page, 'Dora', 'en');
  const b = await confirmedMember(pageB, 'Eli', 'en');
  // 100 messages at 5 credits: two of the largest bundles.
  await buyCredits(page);
  await buyCredits(page);
  // B is premium (a purchase makes it so): free members see only the newest 20 messages of a conversation.
  await buyCredits(pageB);

  // B's live connection goes through a route the test can cut: while `up` is false it is refused at once.
  let up = true;
  let current: { close(o?: { code?: number; reason?: string }): Promise<void> } | undefined;
  let connections = 0;
  await pageB.routeWebSocket(/\/api\/live$/, (ws) => {
    if (!up) {
      void ws.close({ code: 4000, reason: 'test: offline' });
      return;
    }
    connections++;
    ws.connectToServer();
    current = ws;
  });

  const opened = await page.request.post('/api/conversation.php', {
    headers: CLIENT,
    data: { member: b.id },
  });
  const conversation = ((await opened.json()) as { conversation: { id: number } }).conversation.id;
  const send = (text: string) =>
    page.request.post('/api/message.php', {
      headers: CLIENT,
      data: { conversation, client_id: crypto.randomUUID(), kind: 'text', text },
    });
  expect((await send('Before the drop')).status()).toBe(200);
  await pageB.goto(`/chats/${conversation}`);
  await expect(pageB.getByTestId('chat-message').filter({ hasText: 'Before the drop' })).toBeVisible();
  await expect.poll(() => connections).toBeGreaterThan(0);
  // Live: a message arrives without a reload.
  expect((await send('Still live')).status()).toBe(200);
  await expect(pageB.getByTestId('chat-message').filter({ hasText: 'Still live' })).toBeVisible();

  // The drop: 30 s without a connection, while A sends 100 messages.
  up = false;
  await current?.close({ code: 4000, reason: 'test: dropped' });
  const dropped = Date.now();
  for (let i = 1; i <= 100; i++) expect((await send(`Drop test #${i}.`)).status()).toBe(200);
  await pageB.waitForTimeout(Math.max(0, 30_000 - (Date.now() - dropped)));
  const before = connections;
  up = true;

  // Back: the client reconnects and fetches what it missed.
  await expect.poll(() => connections, { timeout: 60_000 }).toBeGreaterThan(before);
  await expect(pageB.getByTestId('chat-message').filter({ hasText: 'Drop test #100.' })).toBeVisible({
    timeout: 30_000,
  });
  // Older pages load on scrolling up; every message is there once, in order.
  const scroller = pageB.getByTestId('chat-scroll');
  for (let tries = 0; tries < 20; tries++) {
    if ((await pageB.getByTestId('chat-message').filter({ hasText: 'Drop test #1.' }).count()) > 0) break;
    await scroller.evaluate((el) => el.scrollTo({ top: 0 }));
    await pageB.waitForTimeout(400);
  }
  const texts = await pageB.getByTestId('chat-message').allTextContents();
  const drops = texts
    .map((t) => /Drop test #(\d+)\./.exec(t)?.[1])
    .filter((n): n is string => n !== undefined);
  expect(drops.map(Number)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  expect(texts.filter((t) => t.includes('Before the drop'))).toHaveLength(1);
  await contextB.close();
});

for (const locale of ['en', 'nl'] as const) {
  test(`a gift from a profile in ${locale}: the conversation opens with the gifts, and the gift is sent`, async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'i18n_redirected', value: locale, url: baseURL! }]);
    await confirmedMember(page, 'Gina', locale);
    await buyCredits(page);
    const found = (await (await page.request.get('/api/search.php')).json()) as {
      profiles: { id: number; name: string }[];
    };
    const member = found.profiles[0]!;
    await page.goto(`/members/${member.id}`);
    const texts = {
      en: { button: `Send ${member.name} a gift`, gift: 'Red rose' },
      nl: { button: `Stuur ${member.name} een cadeautje`, gift: 'Rode roos' },
    }[locale];
    await page.getByTestId('member-gift').filter({ hasText: texts.button }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const picker = page.getByTestId('gift-picker');
    await expect(picker).toBeVisible();
    await expectAccessible(page);
    await picker.getByTestId('gift-rose').click();
    await expect(picker).toBeHidden();
    const sent = page.getByTestId('chat-message').last();
    await expect(sent).toContainText(texts.gift);
    await expect(sent).toHaveAttribute('data-status', /sent|read/);
    // A reload shows the conversation, without the picker.
    await page.reload();
    await expect(page.getByTestId('chat-message').last()).toContainText(texts.gift);
    await expect(page.getByTestId('gift-picker')).toHaveCount(0);
  });
}
