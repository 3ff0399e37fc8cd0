import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  queryOptions,
} from '@tanstack/react-query';
import { RULES } from '../../../../shared/rules';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import type {
  ChatMessage,
  ChatsResponse,
  Conversation,
  MessagesResponse,
  SendMessageRequest,
  SendMessageResponse,
} from '../../../../shared/schemas/chat';
import { ApiError, api } from '../../../lib/http';
import { userQuery } from '../../auth/api/session';

/** GET /api/chats.php: the member's chats (newest activity first) and the total of unread messages. */
export const chatsQuery = queryOptions({
  queryKey: ['chats'],
  queryFn: ({ signal }) => api<ChatsResponse>('api/chats.php', { signal }),
  // Errors are shown on the page (with a retry), not by the route's error boundary.
  throwOnError: false,
});

/** GET /api/conversation.php?id=: the header and the member's terms of one conversation. */
export const conversationQuery = (id: number) =>
  queryOptions({
    queryKey: ['conversation', id],
    queryFn: ({ signal }) =>
      api<{ conversation: Conversation }>('api/conversation.php', { query: { id }, signal }).then(
        (r) => r.conversation,
      ),
    throwOnError: false,
  });

export type MessagePages = InfiniteData<MessagesResponse, number>;

/**
 * GET /api/messages.php: pages of messages, newest first. The page parameter is the id of the oldest message
 * loaded so far (`before`); 0 asks for the newest page.
 */
export const messagesQuery = (conversation: number) =>
  infiniteQueryOptions({
    queryKey: ['messages', conversation],
    queryFn: ({ pageParam, signal }) =>
      api<MessagesResponse>('api/messages.php', {
        query: { conversation, before: pageParam || undefined, limit: RULES.chat.pageSize },
        signal,
      }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.has_more ? last.messages.at(-1)?.id : undefined),
    throwOnError: false,
  });

/** DELETE /api/chat.php: removes the chat from the member's list (the partner keeps theirs). */
export const deleteChatCall = (conversation: number) =>
  api<{ ok: true }>('api/chat.php', { method: 'DELETE', body: { conversation } });

/** POST /api/conversation.php: opens the conversation with a member, starting it when there is none. */
export const openConversationCall = (member: number) =>
  api<{ conversation: Conversation }>('api/conversation.php', { method: 'POST', body: { member } }).then(
    (r) => r.conversation,
  );

/** POST /api/message.php: a text or a gift. A retry with the same client_id is stored once. */
export const sendMessageCall = (request: SendMessageRequest) =>
  api<SendMessageResponse>('api/message.php', { method: 'POST', body: request });

/** POST /api/message-view.php: the recipient taps a blurred photo; the answer carries the clear photo. */
export const viewMessageCall = (message: number) =>
  api<{ message: ChatMessage }>('api/message-view.php', { method: 'POST', body: { message } }).then(
    (r) => r.message,
  );

/** POST /api/chat-read.php: everything the partner sent so far is read. */
export const readChatCall = (conversation: number) =>
  api<{ ok: true; read_up_to: number }>('api/chat-read.php', { method: 'POST', body: { conversation } });

/**
 * POST /api/message-photo.php (multipart) with upload progress, which fetch cannot report. Answers like
 * message.php; errors are ApiErrors with the server's code and (translated) message.
 */
export function sendPhotoCall(
  fields: { conversation: number; client_id: string; photo: File },
  onProgress: (percent: number) => void,
): Promise<SendMessageResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/message-photo.php');
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // The server asks every state-changing call for the request-type mark (CSRF); harmless where it does not.
    xhr.setRequestHeader(RULES.http.requestTypeHeader, RULES.http.requestTypeValue);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      const body = xhr.response as
        | (Partial<SendMessageResponse> & { error?: { code?: string; message?: string } })
        | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.message) return resolve(body as SendMessageResponse);
      reject(
        new ApiError(
          xhr.status,
          body?.error?.code ?? 'upload_failed',
          body?.error?.message ?? xhr.statusText,
        ),
      );
    };
    xhr.onerror = () => reject(new ApiError(0, 'network_error', 'network'));
    const form = new FormData();
    form.append('conversation', String(fields.conversation));
    form.append('client_id', fields.client_id);
    form.append('photo', fields.photo);
    xhr.send(form);
  });
}

// Cache updates shared by the conversation screen and the live events.

/**
 * Puts a message into the loaded pages of its conversation: replaces the same id or client_id, else adds it.
 * Answers what happened: 'replaced' (the message was there already), 'added', or 'absent' (nothing loaded).
 */
export function upsertMessage(client: QueryClient, message: ChatMessage): 'replaced' | 'added' | 'absent' {
  let outcome: 'replaced' | 'added' | 'absent' = 'absent';
  client.setQueryData<MessagePages>(['messages', message.conversation_id], (old) => {
    if (!old) return old;
    let found = false;
    const pages = old.pages.map((page) => {
      if (!page.messages.some((m) => m.id === message.id || m.client_id === message.client_id)) return page;
      found = true;
      return {
        ...page,
        messages: page.messages.map((m) =>
          m.id === message.id || m.client_id === message.client_id ? message : m,
        ),
      };
    });
    if (found) {
      outcome = 'replaced';
      return { ...old, pages };
    }
    const [first, ...rest] = old.pages;
    if (!first) return old;
    outcome = 'added';
    // Newest first: before the first message that is older.
    const at = first.messages.findIndex((m) => m.id < message.id);
    const messages = [...first.messages];
    messages.splice(at === -1 ? messages.length : at, 0, message);
    return { ...old, pages: [{ ...first, messages }, ...rest] };
  });
  return outcome;
}

/** The partner read the conversation up to `readUpTo`: my sent messages up to it are read. */
export function markReadUpTo(client: QueryClient, conversation: number, readUpTo: number): void {
  client.setQueryData<MessagePages>(['messages', conversation], (old) =>
    old
      ? {
          ...old,
          pages: old.pages.map((page) => ({
            ...page,
            messages: page.messages.map((m) =>
              m.mine && m.id <= readUpTo && m.status === 'sent' ? { ...m, status: 'read' as const } : m,
            ),
          })),
        }
      : old,
  );
}

/** The credits of the signed-in member changed (a message paid, a payment settled). */
export function setUserCredits(client: QueryClient, credits: number): void {
  client.setQueryData<CurrentUser | null>(userQuery.queryKey, (old) => (old ? { ...old, credits } : old));
}

/** The conversation open in this tab while the page is visible: its new messages are read at once. */
let activeConversation: number | null = null;
export function setActiveConversation(id: number | null): void {
  activeConversation = id;
}
function isReadingNow(id: number): boolean {
  return activeConversation === id && document.visibilityState === 'visible';
}

/** The list's preview of a message. */
function previewOf(message: ChatMessage): NonNullable<ChatsResponse['chats'][number]['last_message']> {
  return {
    kind: message.kind,
    text:
      message.kind === 'text'
        ? (message.text ?? '').slice(0, RULES.chat.previewChars)
        : message.kind === 'gift'
          ? message.gift
          : null,
    mine: message.mine,
    created_at: message.created_at,
  };
}

/**
 * A new message in one of the member's conversations: the list shows it as the last message, on top, counting it
 * unread when it is the partner's and the conversation is not being read. A chat not in the list reloads the list.
 */
export function applyMessageToChats(client: QueryClient, message: ChatMessage): void {
  const data = client.getQueryData<ChatsResponse>(chatsQuery.queryKey);
  const chat = data?.chats.find((c) => c.conversation.id === message.conversation_id);
  if (!data || !chat) {
    void client.invalidateQueries({ queryKey: chatsQuery.queryKey });
    return;
  }
  // A message the list already shows (a poll was quicker than the event), or an older one, changes nothing.
  if (chat.last_message && new Date(chat.last_message.created_at) >= new Date(message.created_at)) return;
  const unread = !message.mine && !isReadingNow(message.conversation_id) ? 1 : 0;
  const updated = {
    ...chat,
    last_message: previewOf(message),
    num_unread_messages: chat.num_unread_messages + unread,
  };
  client.setQueryData<ChatsResponse>(chatsQuery.queryKey, {
    chats: [updated, ...data.chats.filter((c) => c !== chat)],
    total_unread: data.total_unread + unread,
  });
}

/** Takes a chat out of the cached list (its unread messages no longer count). */
export function removeChatFromList(client: QueryClient, conversation: number): void {
  client.setQueryData<ChatsResponse>(chatsQuery.queryKey, (old) => {
    if (!old) return old;
    const chat = old.chats.find((c) => c.conversation.id === conversation);
    if (!chat) return old;
    return {
      chats: old.chats.filter((c) => c !== chat),
      total_unread: Math.max(0, old.total_unread - chat.num_unread_messages),
    };
  });
}

/** The member read a conversation: its unread count goes to 0. */
export function markChatRead(client: QueryClient, conversation: number): void {
  client.setQueryData<ChatsResponse>(chatsQuery.queryKey, (old) => {
    if (!old) return old;
    const chat = old.chats.find((c) => c.conversation.id === conversation);
    if (!chat || chat.num_unread_messages === 0) return old;
    return {
      chats: old.chats.map((c) => (c === chat ? { ...c, num_unread_messages: 0 } : c)),
      total_unread: Math.max(0, old.total_unread - chat.num_unread_messages),
    };
  });
}
