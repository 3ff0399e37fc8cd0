// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation, MessagesResponse, SendMessageRequest } from '../../../shared/schemas/chat';
import {
  apiError,
  bodies,
  conversation,
  deferred,
  type Handler,
  json,
  message,
  messagesPage,
  mockFetch,
  renderChat,
} from '../../features/chat/chat-test-kit';
import { outbox } from '../../features/chat/outbox';
import { markTyping } from '../../features/live/typing';

/** A server with one conversation (id 5, with Eva); `send` answers POST message.php. */
function server(
  opts: {
    conversation?: Partial<Conversation>;
    messages?: MessagesResponse | ((url: URL) => MessagesResponse);
    send?: (body: SendMessageRequest) => Response | Promise<Response>;
    extra?: Handler;
  } = {},
) {
  return mockFetch(async (url, init) => {
    const extra = await opts.extra?.(url, init);
    if (extra) return extra;
    if (url.pathname === '/api/conversation.php')
      return json(200, { conversation: conversation(opts.conversation) });
    if (url.pathname === '/api/messages.php') {
      const m = opts.messages ?? messagesPage([message({ id: 1, text: 'Hi, I am Eva' })]);
      return json(200, typeof m === 'function' ? m(url) : m);
    }
    if (url.pathname === '/api/chats.php') return json(200, { chats: [], total_unread: 0 });
    if (url.pathname === '/api/chat-read.php') return json(200, { ok: true, read_up_to: 1 });
    if (url.pathname === '/api/message.php' && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as SendMessageRequest;
      if (opts.send) return opts.send(body);
      return sent(body);
    }
  });
}

/** The server's answer to a send: the stored message, the sender's credits afterwards. */
function sent(body: SendMessageRequest, credits = 10) {
  return json(200, {
    message: message({
      id: 500,
      client_id: body.client_id,
      mine: true,
      kind: body.kind,
      text: body.kind === 'text' ? body.text : null,
      gift: body.kind === 'gift' ? body.gift : null,
    }),
    credits,
    free_messages_left: 0,
  });
}

const input = () => screen.getByTestId('chat-input') as HTMLTextAreaElement;
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const pressEnter = () => fireEvent.keyDown(input(), { key: 'Enter' });
const lastMessage = () => screen.getAllByTestId('chat-message').at(-1)!;

describe('ConversationPage', () => {
  beforeEach(() => {
    vi.unstubAllGlobals();
    outbox.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the header, the messages and marks the conversation read', async () => {
    const fetchMock = server({
      messages: messagesPage([
        message({ id: 2, mine: true, text: 'Hello Eva\nHow are you?', status: 'read' }),
        message({ id: 1, text: 'Hi, I am Eva' }),
      ]),
    });
    await renderChat(fetchMock, '/chats/5');
    expect((await screen.findByTestId('conversation-name')).textContent).toBe('Eva, 30');
    const messages = await screen.findAllByTestId('chat-message');
    expect(messages.map((m) => m.querySelector('.chat-text')?.textContent)).toEqual([
      'Hi, I am Eva',
      'Hello Eva\nHow are you?',
    ]);
    expect(messages[1]!.className).toContain('chat-message-mine');
    expect(messages[1]!.getAttribute('data-status')).toBe('read');
    expect(screen.getByTestId('chat-credits').textContent).toContain('12');
    expect(screen.getByTestId('chat-credits').getAttribute('href')).toBe('/credits');
    expect(screen.getByTestId('conversation-back').getAttribute('href')).toBe('/chats');
    await waitFor(() => expect(bodies(fetchMock, '/api/chat-read.php')).toEqual([{ conversation: 5 }]));
    expect(document.title).toBe('Eva - Amora');
  });

  it('keeps an unsent draft when the member leaves the conversation and comes back', async () => {
    const fetchMock = server({ messages: messagesPage([message({ id: 1, text: 'Hi, I am Eva' })]) });
    const { router } = await renderChat(fetchMock, '/chats/5');
    await screen.findAllByTestId('chat-message');
    type('Half a thought');
    await router.navigate('/members');
    await screen.findByText('members');
    await router.navigate('/chats/5');
    await waitFor(() => expect(input().value).toBe('Half a thought'));
    localStorage.clear();
  });

  it('shows a sent text as pending at once, then as sent, and pays for it', async () => {
    const answer = deferred<Response>();
    const fetchMock = server({ send: () => answer.promise });
    const { client } = await renderChat(fetchMock, '/chats/5');
    await screen.findAllByTestId('chat-message');
    type('Hello Eva!');
    pressEnter();

    expect(input().value).toBe('');
    const pending = lastMessage();
    expect(pending.textContent).toContain('Hello Eva!');
    expect(pending.getAttribute('data-status')).toBe('pending');
    const [request] = bodies(fetchMock, '/api/message.php') as SendMessageRequest[];
    expect(request).toMatchObject({ conversation: 5, kind: 'text', text: 'Hello Eva!' });
    expect(request!.client_id).toMatch(/^[0-9a-f-]{36}$/);

    answer.resolve(sent(request!, 10));
    await waitFor(() => expect(lastMessage().getAttribute('data-status')).toBe('sent'));
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
    expect(lastMessage().textContent).toContain('Hello Eva!');
    expect((client.getQueryData(['user']) as { credits: number }).credits).toBe(10);
    expect(screen.getByTestId('chat-credits').textContent).toContain('10');
  });

  it('keeps a failed message with its text and retries it with the same client_id', async () => {
    let fail = true;
    const fetchMock = server({
      send: (body) => (fail ? apiError(500, 'server_error', 'The server is having a moment') : sent(body)),
    });
    await renderChat(fetchMock, '/chats/5');
    await screen.findAllByTestId('chat-message');
    type('Are you there?');
    fireEvent.click(screen.getByTestId('chat-send'));

    await waitFor(() => expect(lastMessage().getAttribute('data-status')).toBe('failed'));
    const failed = lastMessage();
    expect(failed.textContent).toContain('Are you there?');
    expect(within(failed).getByTestId('chat-message-error').textContent).toBe(
      'Not sent: The server is having a moment',
    );

    fail = false;
    fireEvent.click(within(failed).getByTestId('chat-message-retry'));
    await waitFor(() => expect(lastMessage().getAttribute('data-status')).toBe('sent'));
    const [first, second] = bodies(fetchMock, '/api/message.php') as SendMessageRequest[];
    expect(second!.client_id).toBe(first!.client_id);
    expect(second).toEqual(first);
    expect(screen.queryByTestId('chat-message-error')).toBeNull();
    expect(screen.getAllByTestId('chat-message')).toHaveLength(2);
  });

  it('offers to buy credits when the member has too few', async () => {
    await renderChat(
      server({ send: () => apiError(402, 'insufficient_credits', 'Je hebt onvoldoende credits') }),
      '/chats/5',
    );
    await screen.findAllByTestId('chat-message');
    type('Hi!');
    pressEnter();
    const prompt = await screen.findByTestId('chat-prompt-insufficient_credits');
    expect(prompt.textContent).toContain('Je hebt onvoldoende credits');
    expect(within(prompt).getByTestId('chat-buy-credits').getAttribute('href')).toBe('/credits');
    expect(lastMessage().getAttribute('data-status')).toBe('failed');
    expect(lastMessage().textContent).toContain('Hi!');
  });

  it('offers premium when a free member reached the conversation limit', async () => {
    await renderChat(
      server({
        conversation: { empty: true },
        messages: messagesPage([]),
        send: () => apiError(403, 'conversation_limit_reached', 'Free members can start 2 conversations.'),
      }),
      '/chats/5',
    );
    await screen.findByTestId('chat-start');
    type('Hi!');
    pressEnter();
    const prompt = await screen.findByTestId('chat-prompt-conversation_limit_reached');
    expect(prompt.textContent).toContain('Free members can start 2 conversations.');
    expect(within(prompt).getByTestId('chat-get-premium').getAttribute('href')).toBe('/premium');
  });

  it('counts characters against message_length and will not send too long a text', async () => {
    const fetchMock = server({ conversation: { message_length: 10 } });
    await renderChat(fetchMock, '/chats/5');
    await screen.findAllByTestId('chat-message');
    const send = screen.getByTestId('chat-send') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    type('1234567890');
    expect(screen.getByTestId('chat-count').textContent).toContain('10/10');
    expect(send.disabled).toBe(false);
    type('12345678901');
    const count = screen.getByTestId('chat-count');
    expect(count.textContent).toContain('11/10');
    expect(count.className).toContain('text-danger');
    expect(count.textContent).toContain('Your message is 1 character too long');
    expect(send.disabled).toBe(true);
    pressEnter();
    expect(bodies(fetchMock, '/api/message.php')).toEqual([]);
  });

  it('keeps Shift+Enter as a new line', async () => {
    const fetchMock = server();
    await renderChat(fetchMock, '/chats/5');
    await screen.findAllByTestId('chat-message');
    type('line one');
    fireEvent.keyDown(input(), { key: 'Enter', shiftKey: true });
    expect(bodies(fetchMock, '/api/message.php')).toEqual([]);
  });

  it('tells a free member that older messages are hidden, with a way to premium', async () => {
    await renderChat(
      server({ messages: messagesPage([message({ id: 9 })], { has_more: false, hidden_older: true }) }),
      '/chats/5',
    );
    const notice = await screen.findByTestId('chat-hidden-older');
    expect(notice.textContent).toContain('Older messages are hidden for privacy.');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/premium');
  });

  it('loads older messages with before = the oldest id', async () => {
    const fetchMock = server({
      messages: (url) =>
        url.searchParams.get('before') === '10'
          ? messagesPage([message({ id: 9, text: 'older one' })])
          : messagesPage([message({ id: 10, text: 'newest' })], { has_more: true }),
    });
    await renderChat(fetchMock, '/chats/5');
    fireEvent.click(await screen.findByTestId('chat-older-button'));
    expect(await screen.findByText('older one')).toBeTruthy();
    const texts = screen
      .getAllByTestId('chat-message')
      .map((m) => m.querySelector('.chat-text')?.textContent);
    expect(texts).toEqual(['older one', 'newest']);
    expect(screen.queryByTestId('chat-older')).toBeNull();
  });

  it('shows the costs and the notices about unconfirmed e-mail addresses', async () => {
    await renderChat(
      server({
        conversation: {
          free_messages_left: 3,
          partner_can_reply: false,
          held_until_confirmed: true,
        },
      }),
      '/chats/5',
    );
    const cost = await screen.findByTestId('chat-cost');
    // Without the price list (credits.php): the credits alone. With it: ChatPriceLine.test.tsx.
    expect(cost.textContent).toContain('Free: 3 free messages left');
    expect(screen.getByTestId('chat-cannot-reply').textContent).toBe(
      'Eva cannot reply until their e-mail address is confirmed.',
    );
    expect(screen.getByTestId('chat-held-notice').textContent).toContain('once you confirm your e-mail');
  });

  it('charges credits once the free messages are used', async () => {
    await renderChat(server(), '/chats/5');
    expect((await screen.findByTestId('chat-cost')).textContent).toBe('2 credits per message');
  });

  it('fills the composer from an icebreaker in an empty conversation', async () => {
    await renderChat(server({ conversation: { empty: true }, messages: messagesPage([]) }), '/chats/5');
    fireEvent.click(await screen.findByTestId('chat-start-icebreaker'));
    fireEvent.click(await screen.findByTestId('icebreaker-travel'));
    expect(input().value).toBe('Hello! If you could book a trip anywhere tomorrow, where would you go?');
  });

  it('sends a gift from the picker, showing it with its name', async () => {
    const fetchMock = server();
    await renderChat(fetchMock, '/chats/5');
    await screen.findAllByTestId('chat-message');
    fireEvent.click(screen.getByTestId('chat-gift-button'));
    const rose = await screen.findByTestId('gift-rose');
    expect(rose.getAttribute('aria-label')).toBe('Send Red rose for 4 credits');
    fireEvent.click(rose);
    await waitFor(() => expect(lastMessage().getAttribute('data-status')).toBe('sent'));
    expect(lastMessage().textContent).toContain('You sent a gift: Red rose');
    expect(lastMessage().querySelector('svg[data-gift="rose"]')).toBeTruthy();
    expect(bodies(fetchMock, '/api/message.php')[0]).toMatchObject({
      kind: 'gift',
      gift: 'rose',
      conversation: 5,
    });
  });

  it('shows a blurred photo until the recipient taps to view it', async () => {
    const blurred = message({
      id: 3,
      kind: 'photo',
      text: null,
      photo: { url: '/p/blur.jpg', thumb_url: '/p/blur-t.jpg', blurred: true },
    });
    const fetchMock = server({
      messages: messagesPage([blurred]),
      extra: (url) =>
        url.pathname === '/api/message-view.php'
          ? json(200, {
              message: {
                ...blurred,
                photo: { url: '/p/clear.jpg', thumb_url: '/p/clear-t.jpg', blurred: false },
              },
            })
          : undefined,
    });
    await renderChat(fetchMock, '/chats/5');
    fireEvent.click(await screen.findByTestId('chat-photo-view'));
    await waitFor(() =>
      expect(lastMessage().querySelector('img')?.getAttribute('src')).toBe('/p/clear-t.jpg'),
    );
    expect(bodies(fetchMock, '/api/message-view.php')).toEqual([{ message: 3 }]);
    expect(screen.queryByTestId('chat-photo-view')).toBeNull();
  });

  it('shows the partner typing', async () => {
    await renderChat(server(), '/chats/5');
    await screen.findAllByTestId('chat-message');
    expect(screen.queryByTestId('chat-typing')).toBeNull();
    act(() => markTyping(5));
    expect(screen.getByTestId('chat-typing').textContent).toBe('Eva is typing…');
  });

  it('says when a conversation is not available', async () => {
    await renderChat(
      server({
        extra: (url) =>
          url.pathname === '/api/conversation.php'
            ? apiError(404, 'conversation_not_found', 'Not found')
            : undefined,
      }),
      '/chats/77',
    );
    const gone = await screen.findByTestId('conversation-not-found');
    expect(within(gone).getByRole('link').getAttribute('href')).toBe('/chats');
  });
});
