import { useSyncExternalStore } from 'react';

/** How long "typing…" shows after the partner's last typing event. */
export const TYPING_SHOWN_MS = 4_000;

/** Until when the partner of each conversation counts as typing (epoch ms). */
const typingUntil = new Map<number, number>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isTyping(conversation: number): boolean {
  return (typingUntil.get(conversation) ?? 0) > Date.now();
}

/** The partner is typing in `conversation`: shown for TYPING_SHOWN_MS unless another event extends it. */
export function markTyping(conversation: number, ms = TYPING_SHOWN_MS): void {
  typingUntil.set(conversation, Date.now() + ms);
  clearTimeout(timers.get(conversation));
  timers.set(
    conversation,
    setTimeout(() => stopTyping(conversation), ms),
  );
  emit();
}

/** The partner's message arrived (or the time ran out): no longer typing. */
export function stopTyping(conversation: number): void {
  clearTimeout(timers.get(conversation));
  timers.delete(conversation);
  if (!typingUntil.delete(conversation)) return;
  emit();
}

export function clearTypingAll(): void {
  for (const t of timers.values()) clearTimeout(t);
  timers.clear();
  typingUntil.clear();
  emit();
}

/** Whether the partner of `conversation` is typing right now. */
export function useIsTyping(conversation: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => isTyping(conversation),
    () => false,
  );
}
