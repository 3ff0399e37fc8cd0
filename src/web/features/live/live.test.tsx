// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE_SESSION_ENDED, type LiveEvent } from '../../../shared/realtime';
import type { ChatsResponse } from '../../../shared/schemas/chat';
import { useHead } from '../../lib/head';
import type { MessagePages } from '../chat/api/chat';
import { chatItem, member, message, messagesPage } from '../chat/chat-test-kit';
import { applyLiveEvent } from './apply-event';
import { LiveSync } from './LiveSync';
import { LIVE_TIMING, LiveClient, retryDelay, type SocketLike } from './live-client';
import { isTyping } from './typing';

/** A WebSocket the test drives: open, deliver frames, drop the connection. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  deliver(frame: unknown) {
    this.onmessage?.(
      new MessageEvent('message', { data: typeof frame === 'string' ? frame : JSON.stringify(frame) }),
    );
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close', { code }));
  }
}
const createSocket = (url: string) => new FakeSocket(url);

function Page() {
  useHead({ title: 'Search', siteName: 'Amora' });
  return null;
}
const latest = () => FakeSocket.all.at(-1)!;

function cache() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData<MessagePages>(['messages', 5], {
    pages: [messagesPage([message({ id: 10, text: 'earlier' })])],
    pageParams: [0],
  });
  client.setQueryData<ChatsResponse>(['chats'], {
    chats: [chatItem(5, 'Eva', { last_message: null }), chatItem(6, 'Noor')],
    total_unread: 0,
  });
  client.setQueryData(['user'], member({ credits: 12 }));
  return client;
}

const newMessage = (
  eventId: string,
  id: number,
  extra: Partial<ReturnType<typeof message>> = {},
): LiveEvent => ({
  id: eventId,
  at: new Date().toISOString(),
  type: 'message.new',
  conversation_id: 5,
  message: message({
    id,
    text: `message ${id}`,
    created_at: new Date(Date.now() + id).toISOString(),
    ...extra,
  }),
});

const texts = (client: QueryClient) =>
  client.getQueryData<MessagePages>(['messages', 5])!.pages[0]!.messages.map((m) => m.text);

describe('the live client', () => {
  beforeEach(() => {
    FakeSocket.all = [];
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('applies an event once, even when it is delivered twice, and ignores invalid frames', () => {
    const client = cache();
    const onEvent = vi.fn((e: LiveEvent) => applyLiveEvent(client, e));
    const live = new LiveClient({
      url: 'ws://x/api/live',
      onEvent,
      onConnect: () => undefined,
      createSocket,
    });
    live.start();
    latest().open();
    latest().deliver(newMessage('e1', 11));
    latest().deliver(newMessage('e1', 11));
    latest().deliver('not json');
    latest().deliver({ id: 'e9', at: 'now', type: 'message.new', conversation_id: 5 });
    latest().deliver({ id: 'e8', type: 'unknown.thing' });
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(texts(client)).toEqual(['message 11', 'earlier']);
    // The same message under another event id (another path) still shows once.
    latest().deliver(newMessage('e2', 11));
    expect(texts(client)).toEqual(['message 11', 'earlier']);
    // The list: the chat shows the message, counted unread (the conversation is not open).
    const chats = client.getQueryData<ChatsResponse>(['chats'])!;
    expect(chats.chats[0]!.last_message?.text).toBe('message 11');
    expect(chats.chats[0]!.num_unread_messages).toBe(1);
    expect(chats.total_unread).toBe(1);
    live.stop();
  });

  it('replaces the pending copy of an own message (same client_id) instead of adding it', () => {
    const client = cache();
    client.setQueryData<MessagePages>(['messages', 5], {
      pages: [
        messagesPage([message({ id: 12, client_id: 'abc', mine: true, text: 'mine', status: 'sent' })]),
      ],
      pageParams: [0],
    });
    applyLiveEvent(
      client,
      newMessage('e3', 12, { client_id: 'abc', mine: true, text: 'mine', status: 'read' }),
    );
    const messages = client.getQueryData<MessagePages>(['messages', 5])!.pages[0]!.messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]!.status).toBe('read');
  });

  it('marks my messages read up to read_up_to, and applies typing, credits and removals', () => {
    const client = cache();
    client.setQueryData<MessagePages>(['messages', 5], {
      pages: [
        messagesPage([
          message({ id: 22, mine: true, status: 'sent' }),
          message({ id: 21, mine: true, status: 'sent' }),
          message({ id: 20, mine: true, status: 'held' }),
        ]),
      ],
      pageParams: [0],
    });
    const at = new Date().toISOString();
    applyLiveEvent(client, { id: 'r', at, type: 'message.read', conversation_id: 5, read_up_to: 21 });
    const statuses = client
      .getQueryData<MessagePages>(['messages', 5])!
      .pages[0]!.messages.map((m) => m.status);
    expect(statuses).toEqual(['sent', 'read', 'held']);

    applyLiveEvent(client, { id: 't', at, type: 'typing', conversation_id: 5 });
    expect(isTyping(5)).toBe(true);
    applyLiveEvent(client, newMessage('m', 30));
    expect(isTyping(5)).toBe(false);

    applyLiveEvent(client, { id: 'c', at, type: 'credits.changed', credits: 99 });
    expect((client.getQueryData(['user']) as { credits: number }).credits).toBe(99);

    applyLiveEvent(client, { id: 'x', at, type: 'conversation.removed', conversation_id: 6 });
    expect(client.getQueryData<ChatsResponse>(['chats'])!.chats.map((c) => c.conversation.id)).toEqual([5]);
    expect(client.getQueryState(['chats'])!.isInvalidated).toBe(true);

    client.setQueryData(['likes', 'received', 1], { counts: { new: 0 } });
    applyLiveEvent(client, { id: 'l', at, type: 'like.new', member_id: 3, match: false });
    expect(client.getQueryState(['likes', 'received', 1])!.isInvalidated).toBe(true);
  });

  it('reconnects with a growing delay (1 s doubling to 30 s, with jitter)', () => {
    expect(retryDelay(0, () => 0.5)).toBe(1_000);
    expect(retryDelay(1, () => 0.5)).toBe(2_000);
    expect(retryDelay(4, () => 0.5)).toBe(16_000);
    expect(retryDelay(5, () => 0.5)).toBe(30_000);
    expect(retryDelay(12, () => 1)).toBe(36_000);
    expect(retryDelay(0, () => 0)).toBe(800);

    vi.useFakeTimers();
    const live = new LiveClient({
      url: 'ws://x/api/live',
      onEvent: () => undefined,
      onConnect: () => undefined,
      createSocket,
      random: () => 0.5,
    });
    live.start();
    latest().drop();
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(3);
    // Keep-alive while open.
    latest().open();
    vi.advanceTimersByTime(LIVE_TIMING.pingEveryMs);
    expect(latest().sent).toEqual([JSON.stringify({ type: 'ping' })]);
    live.stop();
    expect(latest().closed).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.all).toHaveLength(3);
  });
});

describe('LiveSync', () => {
  beforeEach(() => {
    FakeSocket.all = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('connects only while signed in, refetches after every (re)connect and closes on logout', () => {
    vi.useFakeTimers();
    // The query cache tells its observers on a timeout of 0.
    const flush = () => act(() => vi.advanceTimersByTime(1));
    const client = cache();
    client.setQueryData(['user'], null);
    render(
      <QueryClientProvider client={client}>
        <LiveSync createSocket={createSocket} />
      </QueryClientProvider>,
    );
    expect(FakeSocket.all).toHaveLength(0);

    act(() => client.setQueryData(['user'], member()));
    flush();
    expect(FakeSocket.all).toHaveLength(1);
    expect(latest().url).toBe(`ws://${window.location.host}/api/live`);
    const invalidated = () =>
      (['chats', 'messages'] as const).map(
        (k) => client.getQueryState(k === 'chats' ? ['chats'] : ['messages', 5])!.isInvalidated,
      );
    expect(invalidated()).toEqual([false, false]);
    act(() => latest().open());
    expect(invalidated()).toEqual([true, true]);

    // The connection drops: after the backoff a new one opens and everything is refetched again.
    act(() => {
      client.setQueryData<ChatsResponse>(['chats'], { chats: [], total_unread: 0 });
      client.setQueryData<MessagePages>(['messages', 5], { pages: [messagesPage([])], pageParams: [0] });
    });
    expect(invalidated()).toEqual([false, false]);
    act(() => latest().drop());
    act(() => vi.advanceTimersByTime(1_200));
    expect(FakeSocket.all).toHaveLength(2);
    act(() => latest().open());
    expect(invalidated()).toEqual([true, true]);

    // An event reaches the cache.
    act(() => latest().deliver({ id: 'c1', at: 'now', type: 'credits.changed', credits: 3 }));
    flush();
    expect((client.getQueryData(['user']) as { credits: number }).credits).toBe(3);

    // Logout closes the connection for good.
    act(() => client.setQueryData(['user'], null));
    flush();
    expect(latest().closed).toBe(true);
    act(() => vi.advanceTimersByTime(60_000));
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('asks who is signed in when the server ends the socket’s session, not when the connection just drops', () => {
    vi.useFakeTimers();
    const client = cache();
    client.setQueryData(['user'], member());
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <QueryClientProvider client={client}>
        <LiveSync createSocket={createSocket} />
      </QueryClientProvider>,
    );
    act(() => latest().open());
    const userChecks = () => invalidate.mock.calls.filter(([f]) => f?.queryKey?.[0] === 'user').length;
    act(() => latest().drop());
    expect(userChecks()).toBe(0);
    act(() => vi.advanceTimersByTime(1_200));
    act(() => latest().open());
    act(() => latest().drop(LIVE_CLOSE_SESSION_ENDED));
    expect(userChecks()).toBe(1);
  });

  it('prefixes the page title with the unread messages plus the new likes', () => {
    const client = cache();
    client.setQueryData<ChatsResponse>(['chats'], { chats: [], total_unread: 4 });
    client.setQueryData(['likes', 'received', 1], { counts: { new: 2 } });
    render(
      <QueryClientProvider client={client}>
        <LiveSync createSocket={createSocket} />
        <Page />
      </QueryClientProvider>,
    );
    expect(document.title).toBe('(6) Search - Amora');
    act(() => client.setQueryData<ChatsResponse>(['chats'], { chats: [], total_unread: 0 }));
    return waitFor(() => expect(document.title).toBe('(2) Search - Amora'));
  });
});
