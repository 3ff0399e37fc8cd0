/**
 * What a member typed in a conversation and did not send, kept when they leave it (another chat, a profile, the
 * credits page, a reload, a closed tab): in localStorage per member and conversation
 * (`chat.draft.<member>.<conversation>`), so another member signing in on the same browser never sees it, and
 * cleared on logout (LiveSync), with the unsent messages (outbox.ts).
 */
const PREFIX = 'chat.draft.';

const keyOf = (member: number, conversation: number) => `${PREFIX}${member}.${conversation}`;

export function loadDraft(member: number, conversation: number): string {
  try {
    return localStorage.getItem(keyOf(member, conversation)) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(member: number, conversation: number, text: string): void {
  try {
    if (text) localStorage.setItem(keyOf(member, conversation), text);
    else localStorage.removeItem(keyOf(member, conversation));
  } catch {
    /* storage unavailable or full: the draft lives as long as the screen */
  }
}

/** Signing out: every member's drafts go (and those an earlier version kept per tab in sessionStorage). */
export function clearDrafts(): void {
  for (const storageOf of [() => localStorage, () => sessionStorage]) {
    try {
      const storage = storageOf();
      for (const key of Object.keys(storage)) if (key.startsWith(PREFIX)) storage.removeItem(key);
    } catch {
      /* ignore */
    }
  }
}
