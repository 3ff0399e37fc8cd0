import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { ChatListItem, ChatMessage, Conversation, MessagesResponse } from '../../../shared/schemas/chat';
import type { ProfileCard } from '../../../shared/schemas/members';
import type { SettingsResponse } from '../../../shared/schemas/sites';
import chat from '../../locales/en/chat.json';
import { ChatsPage } from '../../pages/chats/ChatsPage';
import { ConversationPage } from '../../pages/chats/ConversationPage';
import { MemberChatPage } from '../../pages/chats/MemberChatPage';

/** Test helpers of the chat screens' component tests (imported by *.test.tsx only). */

export const SETTINGS = {
  name: 'Amora',
  countries: ['NL'],
  fictional_icon: 'stars',
  fictional_warning: 'Profiles with this icon are fictional.',
  fictional_singular: 'fictional profile',
  fictional_plural: 'fictional profiles',
  signups: 'all',
  signup_credits: 10,
  message_length: 500,
};

export const member = (extra: Partial<CurrentUser> = {}): CurrentUser => ({
  id: 1,
  email: 'me@example.com',
  profile: { id: 1, name: 'Me', main_image: null, country: 'NL', status: 'active' },
  credits: 12,
  paid_user: false,
  signup_date: '2026-01-01T00:00:00Z',
  language: 'en',
  fictional_icon: 'stars',
  status: 'active',
  notifications_disabled: [],
  ...extra,
});

export const profile = (id: number, name: string, extra: Partial<ProfileCard> = {}): ProfileCard => ({
  id,
  name,
  age: 30,
  city: 'Utrecht',
  country: 'NL',
  fictional: false,
  main_image: null,
  ...extra,
});

export const chatItem = (
  conversation: number,
  name: string,
  extra: Partial<ChatListItem> = {},
): ChatListItem => ({
  conversation: { id: conversation },
  profile: profile(100 + conversation, name),
  num_unread_messages: 0,
  last_message: {
    kind: 'text',
    text: `Hello from ${name}`,
    mine: false,
    created_at: new Date().toISOString(),
  },
  ...extra,
});

export const conversation = (extra: Partial<Conversation> = {}): Conversation => ({
  id: 5,
  profile: profile(105, 'Eva'),
  partner_can_reply: true,
  held_until_confirmed: false,
  empty: false,
  costs: { message: 2, photo: 5, gift: 4 },
  message_length: 500,
  free_messages_left: 0,
  credits: 12,
  premium: false,
  ...extra,
});

let nextId = 1000;
export const message = (extra: Partial<ChatMessage> = {}): ChatMessage => {
  const id = extra.id ?? nextId++;
  return {
    id,
    client_id: `c-${id}`,
    conversation_id: 5,
    mine: false,
    kind: 'text',
    text: 'Hi there',
    gift: null,
    photo: null,
    created_at: new Date().toISOString(),
    status: 'sent',
    ...extra,
  };
};

export const messagesPage = (
  messages: ChatMessage[],
  extra: Partial<MessagesResponse> = {},
): MessagesResponse => ({
  messages,
  has_more: false,
  hidden_older: false,
  ...extra,
});

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export const apiError = (status: number, code: string, text: string) =>
  json(status, { error: { code, message: text } });

/** A promise resolved from outside: answers held back until the test lets them go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

export type Handler = (
  url: URL,
  init: RequestInit | undefined,
) => Response | undefined | Promise<Response | undefined>;

/** fetch answering by path (and method): the first handler that answers wins, else 404. */
export function mockFetch(handler: Handler) {
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    const answer = await handler(url, init);
    return answer ?? apiError(404, 'not_found', 'Not found');
  });
}

/** The request bodies sent to `path` with `method`. */
export function bodies(fetchMock: ReturnType<typeof vi.fn>, path: string, method = 'POST'): unknown[] {
  return fetchMock.mock.calls
    .filter(
      ([u, init]) => new URL(String(u), 'http://localhost').pathname === path && init?.method === method,
    )
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as unknown);
}

/** Renders the chat screens (/chats, /chats/:id, /members/:id/chat) at `path` for `user`. */
export async function renderChat(
  fetchMock: ReturnType<typeof vi.fn>,
  path: string,
  user: CurrentUser | null = member(),
) {
  vi.stubGlobal('fetch', fetchMock);
  const i18n = i18next.createInstance();
  await i18n.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    resources: { en: { chat, common: { loading: 'Loading…' } } },
    ns: ['chat', 'common'],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  client.setQueryData(['settings'], {
    settings: SETTINGS,
    domain_language: 'en',
  } as unknown as SettingsResponse);
  client.setQueryData(['user'], user);
  const router = createMemoryRouter(
    [
      {
        path: '/chats',
        element: <ChatsPage />,
        children: [{ path: '/chats/:id', element: <ConversationPage /> }],
      },
      { path: '/members/:id/chat', element: <MemberChatPage /> },
      { path: '/members/:id/signup', element: <p>signup</p> },
      { path: '/members/:id', element: <p>member profile</p> },
      { path: '/members', element: <p>members</p> },
      { path: '/credits', element: <p>credits page</p> },
      { path: '/premium', element: <p>premium page</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { router, client };
}
