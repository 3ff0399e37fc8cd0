import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { GiftId } from '../../../../shared/rules';
import type { Conversation, SendMessageResponse } from '../../../../shared/schemas/chat';
import { ApiError } from '../../../lib/http';
import {
  applyMessageToChats,
  type MessagePages,
  sendMessageCall,
  sendPhotoCall,
  setUserCredits,
  upsertMessage,
} from '../api/chat';
import { type OutgoingMessage, outbox } from '../outbox';

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
 */
export function useChatSender(conversation: number) {
  const client = useQueryClient();
  const [prompt, setPrompt] = useState<SendFailure | null>(null);

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
      const message: OutgoingMessage = {
        ...fields,
        client_id: newClientId(),
        conversation_id: conversation,
        created_at: new Date().toISOString(),
        state: 'pending',
        progress: 0,
        error: null,
      };
      outbox.add(message);
      void run(message);
    },
    [conversation, run],
  );

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
        if (message) void run(message);
      },
      [conversation, run],
    ),
    discard: useCallback((clientId: string) => outbox.remove(conversation, clientId), [conversation]),
  };
}
