// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  bodies,
  conversation,
  json,
  messagesPage,
  mockFetch,
  renderChat,
} from '../../features/chat/chat-test-kit';

describe('MemberChatPage (/members/:id/chat)', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens the conversation with the member and shows it at /chats/:id', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/conversation.php' && init?.method === 'POST')
        return json(200, { conversation: conversation({ id: 9 }) });
      if (url.pathname === '/api/conversation.php')
        return json(200, { conversation: conversation({ id: 9 }) });
      if (url.pathname === '/api/messages.php') return json(200, messagesPage([]));
      if (url.pathname === '/api/chats.php') return json(200, { chats: [], total_unread: 0 });
    });
    const { router } = await renderChat(fetchMock, '/members/105/chat');
    await waitFor(() => expect(router.state.location.pathname).toBe('/chats/9'));
    expect(bodies(fetchMock, '/api/conversation.php')).toEqual([{ member: 105 }]);
    expect(await screen.findByTestId('conversation-name')).toBeTruthy();
    // Replaced: going back does not open the conversation again.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("opens the conversation with its gift picker open for a profile's gift button, and forgets the ask", async () => {
    const fetchMock = mockFetch((url) => {
      if (url.pathname === '/api/conversation.php')
        return json(200, { conversation: conversation({ id: 9 }) });
      if (url.pathname === '/api/messages.php') return json(200, messagesPage([]));
      if (url.pathname === '/api/chats.php') return json(200, { chats: [], total_unread: 0 });
    });
    const { router } = await renderChat(fetchMock, '/members/105/chat?gift=1');
    expect(await screen.findByTestId('gift-picker')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/chats/9');
    // A reload or a way back here does not open the picker again.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    fireEvent.click(screen.getByTestId('gift-rose'));
    await waitFor(() => expect(screen.queryByTestId('gift-picker')).toBeNull());
    await waitFor(() =>
      expect(bodies(fetchMock, '/api/message.php')).toEqual([
        expect.objectContaining({ kind: 'gift', gift: 'rose', conversation: 9 }),
      ]),
    );
  });

  it('explains a member who cannot be contacted, with a way back', async () => {
    await renderChat(
      mockFetch((url) =>
        url.pathname === '/api/conversation.php' ? apiError(404, 'member_not_found', 'Gone') : undefined,
      ),
      '/members/105/chat',
    );
    const error = await screen.findByTestId('member-chat-error');
    expect(error.textContent).toContain('This member cannot be contacted.');
    expect(screen.getByTestId('member-chat-back').getAttribute('href')).toBe('/members');
  });

  it('offers premium at the conversation limit, and a retry after other failures', async () => {
    let answer = apiError(403, 'conversation_limit_reached', 'Free members can start 2 conversations.');
    await renderChat(
      mockFetch((url) => (url.pathname === '/api/conversation.php' ? answer : undefined)),
      '/members/105/chat',
    );
    expect((await screen.findByTestId('member-chat-error')).textContent).toContain(
      'Free members can start 2 conversations.',
    );
    expect(screen.getByTestId('member-chat-premium').getAttribute('href')).toBe('/premium');
    cleanup();

    answer = apiError(503, 'unavailable', '');
    const fetchMock = mockFetch((url) =>
      url.pathname === '/api/conversation.php' ? answer.clone() : undefined,
    );
    await renderChat(fetchMock, '/members/105/chat');
    fireEvent.click(await screen.findByTestId('member-chat-retry'));
    await waitFor(() => expect(bodies(fetchMock, '/api/conversation.php')).toHaveLength(2));
    expect(screen.getByTestId('member-chat-back').getAttribute('href')).toBe('/members/105');
  });

  it('gives a visitor the member-linked signup', async () => {
    const fetchMock = mockFetch(() => undefined);
    await renderChat(fetchMock, '/members/105/chat', null);
    expect(await screen.findByTestId('signup-page')).toBeTruthy();
    expect(bodies(fetchMock, '/api/conversation.php')).toEqual([]);
  });
});
