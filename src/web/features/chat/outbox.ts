import { useSyncExternalStore } from 'react';
import type { GiftId } from '../../../shared/rules';

/**
 * Messages on their way (or that failed), per conversation. They live outside the query cache so that a refetch of
 * the messages never drops one, and outside the screen so that they survive leaving the conversation. A message
 * leaves the outbox once the server answered it (it is in the cache then, matched by client_id).
 */
export interface OutgoingMessage {
  client_id: string;
  conversation_id: number;
  kind: 'text' | 'gift' | 'photo';
  text: string | null;
  gift: GiftId | null;
  /** photo messages: the file (kept for a retry) and a local preview URL */
  file: File | null;
  preview: string | null;
  created_at: string;
  state: 'pending' | 'failed';
  /** photo messages: upload progress in percent */
  progress: number;
  error: { status: number; code: string; message: string } | null;
}

const EMPTY: readonly OutgoingMessage[] = [];
let boxes = new Map<number, readonly OutgoingMessage[]>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function set(conversation: number, list: readonly OutgoingMessage[]): void {
  boxes = new Map(boxes);
  if (list.length === 0) boxes.delete(conversation);
  else boxes.set(conversation, list);
  emit();
}

export const outbox = {
  get(conversation: number): readonly OutgoingMessage[] {
    return boxes.get(conversation) ?? EMPTY;
  },
  add(message: OutgoingMessage): void {
    set(message.conversation_id, [...outbox.get(message.conversation_id), message]);
  },
  update(conversation: number, clientId: string, patch: Partial<OutgoingMessage>): void {
    const list = outbox.get(conversation);
    if (!list.some((m) => m.client_id === clientId)) return;
    set(
      conversation,
      list.map((m) => (m.client_id === clientId ? { ...m, ...patch } : m)),
    );
  },
  remove(conversation: number, clientId: string): void {
    const list = outbox.get(conversation);
    const gone = list.find((m) => m.client_id === clientId);
    if (!gone) return;
    if (gone.preview) URL.revokeObjectURL(gone.preview);
    set(
      conversation,
      list.filter((m) => m !== gone),
    );
  },
  /** Signing out: nothing of the previous member stays. */
  clear(): void {
    for (const list of boxes.values()) for (const m of list) if (m.preview) URL.revokeObjectURL(m.preview);
    boxes = new Map();
    emit();
  },
};

export function useOutbox(conversation: number): readonly OutgoingMessage[] {
  return useSyncExternalStore(
    subscribe,
    () => outbox.get(conversation),
    () => EMPTY,
  );
}
