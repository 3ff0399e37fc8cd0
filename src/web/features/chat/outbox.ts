import { useSyncExternalStore } from 'react';
import { GIFT_IDS, type GiftId } from '../../../shared/rules';

/**
 * Messages on their way (or that failed), per conversation. They live outside the query cache so that a refetch of
 * the messages never drops one, and outside the screen so that they survive leaving the conversation. A message
 * leaves the outbox once the server answered it (it is in the cache then, matched by client_id), or when the member
 * removes it.
 *
 * Texts and gifts are also kept in localStorage, per member and conversation (`chat.unsent.<member>.<conversation>`),
 * so that a reload or a visit to the credits page loses none (issue 27, point 6); signing out clears them. A message
 * that was on its way when the page went comes back as not sent (a retry with its client_id is stored once, should
 * it have arrived after all). Photos are kept for the life of the page only: the file cannot be stored there.
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

const PREFIX = 'chat.unsent.';
const EMPTY: readonly OutgoingMessage[] = [];
let boxes = new Map<number, readonly OutgoingMessage[]>();
/** The member whose messages these are (restore), and the conversations read back from storage for them. */
let owner: number | null = null;
const restored = new Set<number>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const isGift = (value: unknown): value is GiftId => (GIFT_IDS as readonly unknown[]).includes(value);
const keyOf = (member: number, conversation: number) => `${PREFIX}${member}.${conversation}`;

/** What is kept of a message: texts and gifts (a photo's file cannot be stored). */
type Kept = Pick<OutgoingMessage, 'client_id' | 'kind' | 'text' | 'gift' | 'created_at' | 'error'>;

function persist(conversation: number, list: readonly OutgoingMessage[]): void {
  if (owner === null) return;
  const kept: Kept[] = list
    .filter((m) => m.kind !== 'photo')
    .map(({ client_id, kind, text, gift, created_at, error }) => ({
      client_id,
      kind,
      text,
      gift,
      created_at,
      error,
    }));
  try {
    if (kept.length === 0) localStorage.removeItem(keyOf(owner, conversation));
    else localStorage.setItem(keyOf(owner, conversation), JSON.stringify(kept));
  } catch {
    /* storage unavailable or full: the messages live as long as the page */
  }
}

/** The kept messages of a conversation; anything unreadable is left out. */
function readKept(member: number, conversation: number): OutgoingMessage[] {
  let raw: unknown;
  try {
    raw = JSON.parse(localStorage.getItem(keyOf(member, conversation)) ?? '[]');
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  const out: OutgoingMessage[] = [];
  for (const item of raw as Partial<Kept>[]) {
    if (!item || typeof item.client_id !== 'string' || typeof item.created_at !== 'string') continue;
    const text = item.kind === 'text' && typeof item.text === 'string' && item.text ? item.text : null;
    const gift = item.kind === 'gift' && isGift(item.gift) ? item.gift : null;
    if (!text && !gift) continue;
    const error =
      item.error && typeof item.error.code === 'string'
        ? {
            status: Number(item.error.status) || 0,
            code: item.error.code,
            message: String(item.error.message ?? ''),
          }
        : null;
    out.push({
      client_id: item.client_id,
      conversation_id: conversation,
      kind: gift ? 'gift' : 'text',
      text,
      gift,
      file: null,
      preview: null,
      created_at: item.created_at,
      // Cut off on its way (a reload): not sent as far as this page knows.
      state: 'failed',
      progress: 0,
      error: error ?? { status: 0, code: 'network_error', message: '' },
    });
  }
  return out;
}

function set(conversation: number, list: readonly OutgoingMessage[]): void {
  boxes = new Map(boxes);
  if (list.length === 0) boxes.delete(conversation);
  else boxes.set(conversation, list);
  persist(conversation, list);
  emit();
}

function revoke(list: Iterable<readonly OutgoingMessage[]>): void {
  for (const messages of list) for (const m of messages) if (m.preview) URL.revokeObjectURL(m.preview);
}

export const outbox = {
  get(conversation: number): readonly OutgoingMessage[] {
    return boxes.get(conversation) ?? EMPTY;
  },
  /**
   * The member's kept messages of a conversation, read back once per page: call before reading the conversation's
   * outbox (it tells no subscriber). Another member signed in in this tab: what the previous one left in memory goes.
   */
  restore(member: number, conversation: number): void {
    if (owner !== member) {
      revoke(boxes.values());
      boxes = new Map();
      restored.clear();
      owner = member;
    }
    if (restored.has(conversation)) return;
    restored.add(conversation);
    const kept = readKept(member, conversation);
    if (kept.length === 0) return;
    const here = outbox.get(conversation);
    const known = new Set(here.map((m) => m.client_id));
    boxes = new Map(boxes);
    boxes.set(conversation, [...kept.filter((m) => !known.has(m.client_id)), ...here]);
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
  /** Signing out: nothing of the previous member stays, in memory or in storage. */
  clear(): void {
    revoke(boxes.values());
    boxes = new Map();
    restored.clear();
    owner = null;
    try {
      for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
    } catch {
      /* ignore */
    }
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
