import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { GiftId } from '../../../../shared/rules';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import type { Conversation, SendMessageResponse } from '../../../../shared/schemas/chat';
import { ApiError } from '../../../lib/http';
import { useCurrentUser, userQuery } from '../../auth/api/session';
import { noteInstallMoment } from '../../pwa/install-prompt';
import { afterSends, canAfford, type SendTerms } from '../affordability';
import {
  applyMessageToChats,
  type MessagePages,
  sendMessageCall,
  sendPhotoCall,
  setUserCredits,
  upsertMessage,
} from '../api/chat';
import { type OutgoingMessage, outbox, useOutbox } from '../outbox';

export type SendFailure = NonNullable<OutgoingMessage['error']>;

/** Failures that ask the member to buy something first: shown as a prompt above the composer. */
export const PROMPT_CODES = ['insufficient_credits', 'conversation_limit_reached'] as const;

function failureOf(err: unknown): SendFailure {
  if (err instanceof ApiError) return { status: err.status, code: err.code, message: err.message };
  return { status: 0, code: 'network_error', message: '' };
}

function newClientId(): string {
  return crypto.randomUUID();
}

/** Kept because the member's credits do not cover it: never sent (402 as the server would answer). */
const HELD_FOR_CREDITS: SendFailure = { status: 402, code: 'insufficient_credits', message: '' };

const heldForCredits = (m: OutgoingMessage) =>
  m.state === 'failed' && m.error?.code === 'insufficient_credits';

/** Not sent for want of a connection (typed offline, or the connection dropped on the way). */
const lostConnection = (m: OutgoingMessage) => m.state === 'failed' && m.error?.code === 'network_error';

/**
 * The member's terms for a send in this conversation, from the server's numbers: the balance of the signed-in
 * member (refreshed after a payment, a send and the live credits event), else the conversation's; its free texts and
 * costs.
 */
export function useSendTerms(conversation: Conversation): SendTerms {
  const user = useCurrentUser();
  const credits = user?.credits ?? conversation.credits;
  const { free_messages_left, costs } = conversation;
  return useMemo(() => ({ credits, free_messages_left, costs }), [credits, free_messages_left, costs]);
}

/**
 * The terms as the cache has them this moment (a send's answer is in the cache before the screen re-rendered with
 * it), less the sends on their way; `fallback` (the screen's) when the conversation is not cached.
 */
function termsNow(client: QueryClient, conversation: number, fallback: SendTerms): SendTerms {
  const cached = client.getQueryData<Conversation>(['conversation', conversation]);
  const user = client.getQueryData<CurrentUser | null>(userQuery.queryKey);
  const terms: SendTerms = cached
    ? {
        credits: user?.credits ?? cached.credits,
        free_messages_left: cached.free_messages_left,
        costs: cached.costs,
      }
    : fallback;
  return afterSends(
    terms,
    outbox.get(conversation).filter((m) => m.state === 'pending'),
  );
}

/** A sent message is in: the messages, the list, the member's credits and the conversation's terms follow. */
function applySent(client: QueryClient, conversation: number, answer: SendMessageResponse): void {
  upsertMessage(client, answer.message);
  if (!client.getQueryData<MessagePages>(['messages', conversation]))
    void client.invalidateQueries({ queryKey: ['messages', conversation] });
  applyMessageToChats(client, answer.message);
  setUserCredits(client, answer.credits);
  client.setQueryData<Conversation>(['conversation', conversation], (old) =>
    old
      ? { ...old, credits: answer.credits, free_messages_left: answer.free_messages_left, empty: false }
      : old,
  );
}

/** Sends (and resends) a message of the outbox; answers the failure, or null once the server stored it. */
async function deliver(client: QueryClient, message: OutgoingMessage): Promise<SendFailure | null> {
  const { conversation_id: conversation, client_id } = message;
  outbox.update(conversation, client_id, { state: 'pending', error: null, progress: 0 });
  try {
    let answer: SendMessageResponse;
    if (message.kind === 'photo' && message.file) {
      answer = await sendPhotoCall({ conversation, client_id, photo: message.file }, (progress) =>
        outbox.update(conversation, client_id, { progress }),
      );
    } else if (message.kind === 'gift' && message.gift) {
      answer = await sendMessageCall({ conversation, client_id, kind: 'gift', gift: message.gift });
    } else {
      answer = await sendMessageCall({ conversation, client_id, kind: 'text', text: message.text ?? '' });
    }
    applySent(client, conversation, answer);
    outbox.remove(conversation, client_id);
    // The first sent message is the moment to offer installing the app.
    noteInstallMoment('message');
    return null;
  } catch (err) {
    const failure = failureOf(err);
    outbox.update(conversation, client_id, { state: 'failed', error: failure });
    return failure;
  }
}

/**
 * Optimistic sending in one conversation: a message shows as pending at once (with its client_id); a failure keeps
 * it, marked failed, for a retry with the same client_id (the server stores a retried send once). `prompt` is the
 * last failure that asks the member to buy credits or premium.
 *
 * A send the member's credits do not cover (`terms`, the server's numbers) is not sent: it is kept as not sent
 * (insufficient_credits), with the member's words, until credits come. Once they cover it (after buying credits and
 * coming back) the kept messages are sent again by themselves, in order, each once per visit; the server stores each
 * client_id once, so nothing arrives twice.
 */
export function useChatSender(
  conversation: number,
  terms: SendTerms,
  /** the conversation's messages are on screen: kept messages may go (after them, not before they loaded) */
  loaded: boolean,
) {
  const client = useQueryClient();
  const [prompt, setPrompt] = useState<SendFailure | null>(null);
  const termsRef = useRef(terms);
  termsRef.current = terms;

  const run = useCallback(
    async (message: OutgoingMessage) => {
      setPrompt(null);
      const failure = await deliver(client, message);
      if (failure && (PROMPT_CODES as readonly string[]).includes(failure.code)) setPrompt(failure);
    },
    [client],
  );

  const queue = useCallback(
    (fields: Pick<OutgoingMessage, 'kind' | 'text' | 'gift' | 'file' | 'preview'>) => {
      const affordable = canAfford(termsNow(client, conversation, termsRef.current), fields.kind);
      const message: OutgoingMessage = {
        ...fields,
        client_id: newClientId(),
        conversation_id: conversation,
        created_at: new Date().toISOString(),
        state: affordable ? 'pending' : 'failed',
        progress: 0,
        error: affordable ? null : HELD_FOR_CREDITS,
      };
      outbox.add(message);
      if (affordable) void run(message);
    },
    [client, conversation, run],
  );

  // Credits came (a payment, back from the credits page): the kept messages go, in order, each once per visit.
  const outgoing = useOutbox(conversation);
  const resent = useRef(new Set<string>());
  const resending = useRef(false);
  useEffect(() => {
    if (!loaded || resending.current) return;
    const held = outgoing.filter((m) => heldForCredits(m) && !resent.current.has(m.client_id));
    if (held.length === 0 || !canAfford(termsNow(client, conversation, terms), held[0]!.kind)) return;
    resending.current = true;
    void (async () => {
      try {
        for (const m of held) {
          const current = outbox.get(conversation).find((o) => o.client_id === m.client_id);
          if (!current || !heldForCredits(current)) continue;
          if (!canAfford(termsNow(client, conversation, termsRef.current), m.kind)) break;
          resent.current.add(m.client_id);
          if (await deliver(client, current)) break;
        }
      } finally {
        resending.current = false;
      }
    })();
  }, [loaded, outgoing, terms, conversation, client]);

  // The connection came back: what was typed without one goes now, in order, each once per return (the server
  // stores each client_id once). A photo kept only in this page's memory goes too while the page lives.
  useEffect(() => {
    if (!loaded) return;
    const onOnline = () => {
      void (async () => {
        for (const m of outbox.get(conversation).filter(lostConnection)) {
          const current = outbox.get(conversation).find((o) => o.client_id === m.client_id);
          if (!current || !lostConnection(current)) continue;
          if (!canAfford(termsNow(client, conversation, termsRef.current), current.kind)) {
            outbox.update(conversation, current.client_id, { state: 'failed', error: HELD_FOR_CREDITS });
            continue;
          }
          const failure = await deliver(client, current);
          if (failure?.code === 'network_error') break;
        }
      })();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [loaded, conversation, client]);

  return {
    prompt,
    dismissPrompt: useCallback(() => setPrompt(null), []),
    sendText: useCallback(
      (text: string) => queue({ kind: 'text', text, gift: null, file: null, preview: null }),
      [queue],
    ),
    sendGift: useCallback(
      (gift: GiftId) => queue({ kind: 'gift', text: null, gift, file: null, preview: null }),
      [queue],
    ),
    sendPhoto: useCallback(
      (file: File) =>
        queue({ kind: 'photo', text: null, gift: null, file, preview: URL.createObjectURL?.(file) ?? null }),
      [queue],
    ),
    retry: useCallback(
      (clientId: string) => {
        const message = outbox.get(conversation).find((m) => m.client_id === clientId);
        if (!message) return;
        // Still not covered: it stays kept, unsent (the notice above the composer offers credits).
        if (!canAfford(termsNow(client, conversation, termsRef.current), message.kind)) {
          outbox.update(conversation, clientId, { state: 'failed', error: HELD_FOR_CREDITS });
          return;
        }
        void run(message);
      },
      [client, conversation, run],
    ),
    discard: useCallback((clientId: string) => outbox.remove(conversation, clientId), [conversation]),
  };
}
