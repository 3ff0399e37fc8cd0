// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatsResponse } from '../../../shared/schemas/chat';
import {
  apiError,
  chatItem,
  deferred,
  json,
  mockFetch,
  profile,
  renderChat,
} from '../../features/chat/chat-test-kit';

const chatsCalls = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.filter(([u]) => String(u).includes('/api/chats.php')).length;

describe('ChatsPage', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('shows a progress indicator on the first load only; a refetch keeps the list', async () => {
    let answer = deferred<Response>();
    const fetchMock = mockFetch((url) => (url.pathname === '/api/chats.php' ? answer.promise : undefined));
    const { client } = await renderChat(fetchMock, '/chats');
    expect(await screen.findByTestId('chats-loading')).toBeTruthy();

    answer.resolve(json(200, { chats: [chatItem(1, 'Eva'), chatItem(2, 'Noor')], total_unread: 0 }));
    expect(await screen.findAllByTestId('chat-item')).toHaveLength(2);
    expect(screen.queryByTestId('chats-loading')).toBeNull();

    answer = deferred<Response>();
    act(() => void client.invalidateQueries({ queryKey: ['chats'] }));
    await waitFor(() => expect(chatsCalls(fetchMock)).toBe(2));
    // While the refetch runs the list stays, without a spinner.
    expect(screen.queryByTestId('chats-loading')).toBeNull();
    expect(screen.getAllByTestId('chat-item')).toHaveLength(2);
    answer.resolve(json(200, { chats: [chatItem(1, 'Eva')], total_unread: 0 }));
    await waitFor(() => expect(screen.getAllByTestId('chat-item')).toHaveLength(1));
  });

  it('shows name, preview, a 99+ unread badge and links each chat to its conversation', async () => {
    const chats: ChatsResponse = {
      chats: [
        chatItem(1, 'Eva', {
          num_unread_messages: 150,
          last_message: {
            kind: 'text',
            text: 'Hello from Eva',
            mine: false,
            created_at: new Date(Date.now() - 5 * 60_000).toISOString(),
          },
        }),
        chatItem(2, 'Noor', {
          profile: profile(102, 'Noor', {
            fictional: true,
            main_image: {
              filename: '/a.jpg',
              thumb_filename: '/a-t.jpg',
              match: '/a-m.jpg',
              status: 'active',
            },
          }),
          num_unread_messages: 3,
          last_message: { kind: 'gift', text: 'rose', mine: true, created_at: new Date().toISOString() },
        }),
        chatItem(3, 'Sanne', {
          last_message: { kind: 'photo', text: null, mine: false, created_at: new Date().toISOString() },
        }),
        chatItem(4, 'Lot', { last_message: null }),
      ],
      total_unread: 153,
    };
    await renderChat(
      mockFetch((url) => (url.pathname === '/api/chats.php' ? json(200, chats) : undefined)),
      '/chats',
    );
    const items = await screen.findAllByTestId('chat-item');
    expect(items).toHaveLength(4);
    const [eva, noor, sanne, lot] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(eva).getByText('Eva')).toBeTruthy();
    expect(within(eva).getByTestId('chat-preview').textContent).toBe('Hello from Eva');
    const badge = within(eva).getByTestId('chat-unread');
    expect(within(badge).getByText('99+')).toBeTruthy();
    expect(within(badge).getByText('150 unread messages')).toBeTruthy();
    expect(within(eva).getByRole('link').getAttribute('href')).toBe('/chats/1');
    expect(within(eva).getByRole('link').querySelector('time')?.textContent).toBe('5 minutes ago');
    // Under a minute: "just now" instead of "0 seconds ago".
    expect(within(noor).getByRole('link').querySelector('time')?.textContent).toBe('just now');

    expect(within(noor).getByTestId('chat-unread').textContent).toContain('3');
    expect(within(noor).getByTestId('chat-preview').textContent).toBe('You: Red rose');
    expect(within(noor).getByTestId('chat-fictional')).toBeTruthy();
    expect(noor.querySelector('img')?.getAttribute('src')).toBe('/a-t.jpg');
    expect(within(sanne).getByTestId('chat-preview').textContent).toBe('Photo');
    expect(within(lot).getByTestId('chat-preview').textContent).toBe('No messages yet');
    expect(within(lot).queryByTestId('chat-unread')).toBeNull();
  });

  it('removes a deleted chat at once, then on failure shows the raw error and reloads the list', async () => {
    const answer = deferred<Response>();
    const alert = vi.fn();
    window.alert = alert;
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/chat.php' && init?.method === 'DELETE') return answer.promise;
      if (url.pathname === '/api/chats.php')
        return json(200, { chats: [chatItem(1, 'Eva'), chatItem(2, 'Noor')], total_unread: 0 });
    });
    await renderChat(fetchMock, '/chats');
    const items = await screen.findAllByTestId('chat-item');
    fireEvent.click(within(items[0]!).getByTestId('chat-delete'));
    expect(screen.getByTestId('chat-delete-modal').textContent).toContain('Eva');
    fireEvent.click(screen.getByTestId('chat-delete-confirm'));

    // Gone before the server answered.
    await waitFor(() => expect(screen.getAllByTestId('chat-item')).toHaveLength(1));
    expect(screen.queryByText('Eva')).toBeNull();
    const deletes = fetchMock.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(JSON.parse(String(deletes[0]![1]!.body))).toEqual({ conversation: 1 });
    const before = chatsCalls(fetchMock);

    answer.resolve(apiError(409, 'conflict', 'Deleting failed: try later'));
    await waitFor(() => expect(alert).toHaveBeenCalledWith('Deleting failed: try later'));
    await waitFor(() => expect(chatsCalls(fetchMock)).toBe(before + 1));
    expect(await screen.findByText('Eva')).toBeTruthy();
  });

  it('keeps a chat deleted when the server agrees, and asks before deleting', async () => {
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/chat.php' && init?.method === 'DELETE') return json(200, { ok: true });
      if (url.pathname === '/api/chats.php')
        return json(200, { chats: [chatItem(1, 'Eva')], total_unread: 0 });
    });
    await renderChat(fetchMock, '/chats');
    fireEvent.click(await screen.findByTestId('chat-delete'));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('chat-delete-confirm')).toBeNull());
    expect(screen.getAllByTestId('chat-item')).toHaveLength(1);

    fireEvent.click(screen.getByTestId('chat-delete'));
    fireEvent.click(screen.getByTestId('chat-delete-confirm'));
    expect(await screen.findByTestId('chats-empty')).toBeTruthy();
  });

  it('tells a member without chats what to do next', async () => {
    await renderChat(
      mockFetch((url) =>
        url.pathname === '/api/chats.php' ? json(200, { chats: [], total_unread: 0 }) : undefined,
      ),
      '/chats',
    );
    const empty = await screen.findByTestId('chats-empty');
    expect(within(empty).getByTestId('chats-empty-search').getAttribute('href')).toBe('/members');
    expect(within(empty).getByTestId('chats-empty-likes').getAttribute('href')).toBe('/likes');
  });

  it('offers a retry when the list cannot be loaded', async () => {
    let fail = true;
    await renderChat(
      mockFetch((url) => {
        if (url.pathname !== '/api/chats.php') return undefined;
        return fail
          ? apiError(403, 'forbidden', 'No')
          : json(200, { chats: [chatItem(1, 'Eva')], total_unread: 0 });
      }),
      '/chats',
    );
    expect(await screen.findByTestId('chats-error')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByTestId('chats-retry'));
    expect(await screen.findAllByTestId('chat-item')).toHaveLength(1);
  });
});
