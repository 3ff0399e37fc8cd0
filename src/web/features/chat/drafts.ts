/**
 * What a member typed in a conversation and did not send, kept when they leave it (another chat, a profile, a
 * reload): per tab in sessionStorage, so it never outlives the tab on a shared computer, and cleared on logout.
 */
const PREFIX = 'chat.draft.';

export function loadDraft(conversationId: number): string {
  try {
    return sessionStorage.getItem(PREFIX + conversationId) ?? '';
  } catch {
    return '';
  }
}

export function saveDraft(conversationId: number, text: string): void {
  try {
    if (text) sessionStorage.setItem(PREFIX + conversationId, text);
    else sessionStorage.removeItem(PREFIX + conversationId);
  } catch {
    /* storage unavailable: the draft lives as long as the screen */
  }
}

export function clearDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}
