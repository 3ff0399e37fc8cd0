// @vitest-environment happy-dom
import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation, SendMessageRequest } from '../../../shared/schemas/chat';
import type * as Kit from '../../features/chat/chat-test-kit';
import type * as Drafts from '../../features/chat/drafts';
import type * as Outbox from '../../features/chat/outbox';

// The conversation's messages arrive through several mocked calls: on a loaded machine beyond the 1-s default.
configure({ asyncUtilTimeout: 5000 });

/**
 * Chat at the money moments (issue 27, points 5 and 6): the gift picker marks gifts the member cannot pay for, a send
 * the credits do not cover is told before and kept (never sent), and the unsent messages and the draft survive a
 * reload (a fresh module graph here, as a page load has), until credits come and each is sent once.
 */
let kit: typeof Kit;
let outbox: typeof Outbox.outbox;
let drafts: typeof Drafts;

/** A page load: the app's modules start afresh (memory gone), the browser's storage stays. */
async function loadPage() {
  vi.resetModules();
  kit = await import('../../features/chat/chat-test-kit');
  outbox = (await import('../../features/chat/outbox')).outbox;
  drafts = await import('../../features/chat/drafts');
}

/**
 * A server with one conversation (id 5, with Eva) that stores what it is sent (once per client_id, as the real one
 * does). Sends answer 200 unless `refuse` says otherwise.
 */
function server(terms: Partial<Conversation>, opts: { refuse?: (body: SendMessageRequest) => boolean } = {}) {
  let nextId = 600;
  const stored: ChatMessage[] = [];
  return kit.mockFetch(async (url, init) => {
    if (url.pathname === '/api/conversation.php')
      return kit.json(200, { conversation: kit.conversation(terms) });
    if (url.pathname === '/api/messages.php')
      return kit.json(
        200,
        kit.messagesPage([...stored].reverse().concat(kit.message({ id: 1, text: 'Hi, I am Eva' }))),
      );
    if (url.pathname === '/api/chats.php') return kit.json(200, { chats: [], total_unread: 0 });
    if (url.pathname === '/api/chat-read.php') return kit.json(200, { ok: true, read_up_to: 1 });
    if (url.pathname === '/api/message.php' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as SendMessageRequest;
      if (opts.refuse?.(body))
        return kit.apiError(402, 'insufficient_credits', 'Je hebt onvoldoende credits');
      let message = stored.find((m) => m.client_id === body.client_id);
      if (!message) {
        message = kit.message({
          id: nextId++,
          client_id: body.client_id,
          mine: true,
          kind: body.kind,
          text: body.kind === 'text' ? body.text : null,
          gift: body.kind === 'gift' ? body.gift : null,
        });
        stored.push(message);
      }
      // The balance as the terms say (the tests buy nothing in between); a free message is used up.
      return kit.json(200, { message, credits: terms.credits ?? 12, free_messages_left: 0 });
    }
  });
}

const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const sends = (fetchMock: ReturnType<typeof vi.fn>) =>
  kit.bodies(fetchMock, '/api/message.php') as SendMessageRequest[];
const mine = () =>
  screen.getAllByTestId('chat-message').filter((m) => m.className.includes('chat-message-mine'));

/** No credits, no free messages: a message costs 2, a gift 4 (chat-test-kit's costs). */
const BROKE = { credits: 0, free_messages_left: 0 };

describe('chat at the money moments', () => {
  beforeEach(async () => {
    vi.unstubAllGlobals();
    localStorage.clear();
    await loadPage();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('marks gifts the member cannot afford in the picker, with Buy credits there, and sends none of them', async () => {
    const fetchMock = server({ credits: 3 });
    await kit.renderChat(fetchMock, '/chats/5', kit.member({ credits: 3 }));
    await screen.findAllByTestId('chat-message');
    fireEvent.click(screen.getByTestId('chat-gift-button'));
    const picker = await screen.findByTestId('gift-picker');
    const shortfall = within(picker).getByTestId('gift-shortfall');
    expect(shortfall.textContent).toContain("You don't have enough credits");
    expect(shortfall.textContent).toContain('A gift costs 4 credits, your balance is 3 credits.');
    expect(within(shortfall).getByTestId('gift-shortfall-buy').getAttribute('href')).toBe('/credits');
    const rose = within(picker).getByTestId('gift-rose') as HTMLButtonElement;
    expect(rose.disabled).toBe(true);
    expect(rose.getAttribute('data-affordable')).toBe('false');
    expect(rose.getAttribute('aria-label')).toBe('Red rose (4 credits): not enough credits');
    expect(rose.textContent).toContain('Not enough credits');
    fireEvent.click(rose);
    expect(sends(fetchMock)).toEqual([]);
  });

  it('offers every gift when the credits cover one (the sends on their way counted first)', async () => {
    const fetchMock = server({ credits: 4 });
    await kit.renderChat(fetchMock, '/chats/5', kit.member({ credits: 4 }));
    await screen.findAllByTestId('chat-message');
    fireEvent.click(screen.getByTestId('chat-gift-button'));
    const rose = (await screen.findByTestId('gift-rose')) as HTMLButtonElement;
    expect(rose.disabled).toBe(false);
    expect(screen.queryByTestId('gift-shortfall')).toBeNull();
    fireEvent.click(rose);
    await waitFor(() => expect(sends(fetchMock)).toHaveLength(1));
    expect(sends(fetchMock)[0]).toMatchObject({ kind: 'gift', gift: 'rose' });
  });

  it('at 0 credits tells the member before sending, sends nothing and keeps the message as not sent', async () => {
    const fetchMock = server(BROKE);
    await kit.renderChat(fetchMock, '/chats/5', kit.member(BROKE));
    await screen.findAllByTestId('chat-message');
    // Told before a word is sent.
    const notice = screen.getByTestId('chat-shortfall');
    expect(notice.textContent).toContain('A message costs 2 credits, your balance is 0 credits.');
    expect(notice.textContent).toContain('Unsent messages and what you type stay here until you send them.');
    expect(within(notice).getByTestId('chat-shortfall-buy').getAttribute('href')).toBe('/credits');

    type('Hello Eva, coffee this week?');
    fireEvent.keyDown(input(), { key: 'Enter' });
    const kept = mine().at(-1)!;
    expect(kept.textContent).toContain('Hello Eva, coffee this week?');
    expect(kept.getAttribute('data-status')).toBe('failed');
    expect(within(kept).getByTestId('chat-message-error').textContent).toBe(
      "Not sent: You don't have enough credits",
    );
    expect(within(kept).getByTestId('chat-message-buy-credits').getAttribute('href')).toBe('/credits');
    // Retry while still without credits: still kept, still not sent.
    fireEvent.click(within(kept).getByTestId('chat-message-retry'));
    await new Promise((r) => setTimeout(r, 20));
    expect(sends(fetchMock)).toEqual([]);
    expect(mine().at(-1)!.getAttribute('data-status')).toBe('failed');
    // One offer of credits at a time: no second prompt besides the notice.
    expect(screen.queryByTestId('chat-prompt-insufficient_credits')).toBeNull();
  });

  it('lets a member with free messages left write at 0 credits', async () => {
    const fetchMock = server({ credits: 0, free_messages_left: 1 });
    await kit.renderChat(fetchMock, '/chats/5', kit.member({ credits: 0 }));
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('chat-shortfall')).toBeNull();
    type('My free one');
    fireEvent.keyDown(input(), { key: 'Enter' });
    // The free message is on its way: the next one would cost credits, and that is said at once.
    expect(screen.getByTestId('chat-shortfall')).toBeTruthy();
    type('One too many');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(mine().map((m) => m.getAttribute('data-status'))).toEqual(['sent', 'failed']));
    expect(sends(fetchMock)).toHaveLength(1);
    expect(sends(fetchMock)[0]).toMatchObject({ kind: 'text', text: 'My free one' });
  });

  it('keeps the unsent message and the draft across a reload, and sends each once when credits came', async () => {
    const broke = server(BROKE);
    await kit.renderChat(broke, '/chats/5', kit.member(BROKE));
    await screen.findAllByTestId('chat-message');
    type('First, kept');
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('Second, kept too');
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('A draft I am still writing');
    expect(sends(broke)).toEqual([]);

    // Reload.
    cleanup();
    await loadPage();
    const stillBroke = server(BROKE);
    await kit.renderChat(stillBroke, '/chats/5', kit.member(BROKE));
    await screen.findAllByTestId('chat-message');
    expect(input().value).toBe('A draft I am still writing');
    expect(
      mine().map((m) => [m.querySelector('.chat-text')?.textContent, m.getAttribute('data-status')]),
    ).toEqual([
      ['First, kept', 'failed'],
      ['Second, kept too', 'failed'],
    ]);
    expect(sends(stillBroke)).toEqual([]);

    // Back after buying credits: the balance (the user, refreshed by the payment) covers both.
    cleanup();
    await loadPage();
    const paid = server({ credits: 10 });
    const { client } = await kit.renderChat(paid, '/chats/5', kit.member({ credits: 10 }));
    await waitFor(() => expect(mine().map((m) => m.getAttribute('data-status'))).toEqual(['sent', 'sent']));
    const [first, second] = sends(paid);
    expect(sends(paid)).toHaveLength(2);
    expect([first!.kind === 'text' && first!.text, second!.kind === 'text' && second!.text]).toEqual([
      'First, kept',
      'Second, kept too',
    ]);
    expect(first!.client_id).not.toBe(second!.client_id);
    expect(input().value).toBe('A draft I am still writing');
    // Nothing more is sent however often the balance changes.
    act(() => client.setQueryData(['user'], kit.member({ credits: 20 })));
    await new Promise((r) => setTimeout(r, 20));
    expect(sends(paid)).toHaveLength(2);
    expect(outbox.get(5)).toEqual([]);
    expect(Object.keys(localStorage).filter((k) => k.startsWith('chat.unsent.'))).toEqual([]);
  });

  it('sends a kept message again with its own client_id, so a send that had arrived is not stored twice', async () => {
    const paid = server({ credits: 10 }, { refuse: () => true });
    await kit.renderChat(paid, '/chats/5', kit.member({ credits: 10 }));
    await screen.findAllByTestId('chat-message');
    // The client thought the credits covered it; the server (the judge) refused.
    type('Refused by the server');
    fireEvent.keyDown(input(), { key: 'Enter' });
    await waitFor(() => expect(mine().at(-1)!.getAttribute('data-status')).toBe('failed'));
    const refused = sends(paid)[0]!;

    cleanup();
    await loadPage();
    const again = server({ credits: 10 });
    await kit.renderChat(again, '/chats/5', kit.member({ credits: 10 }));
    await waitFor(() => expect(mine().at(-1)!.getAttribute('data-status')).toBe('sent'));
    expect(sends(again)).toEqual([refused]);
  });

  it('keeps each member their own: another member on the same browser sees neither draft nor unsent message', async () => {
    await kit.renderChat(server(BROKE), '/chats/5', kit.member(BROKE));
    await screen.findAllByTestId('chat-message');
    type('Mine only');
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('My draft');

    cleanup();
    await loadPage();
    await kit.renderChat(server(BROKE), '/chats/5', kit.member({ ...BROKE, id: 2 }));
    await screen.findAllByTestId('chat-message');
    expect(input().value).toBe('');
    expect(mine()).toEqual([]);
  });

  it('signing out clears every kept draft and unsent message', async () => {
    await kit.renderChat(server(BROKE), '/chats/5', kit.member(BROKE));
    await screen.findAllByTestId('chat-message');
    type('Kept until logout');
    fireEvent.keyDown(input(), { key: 'Enter' });
    type('Draft until logout');
    const kept = () => Object.keys(localStorage).filter((k) => k.startsWith('chat.'));
    expect(kept().sort()).toEqual(['chat.draft.1.5', 'chat.unsent.1.5']);
    // What LiveSync does when the member signs out.
    act(() => {
      outbox.clear();
      drafts.clearDrafts();
    });
    expect(kept()).toEqual([]);
  });
});
