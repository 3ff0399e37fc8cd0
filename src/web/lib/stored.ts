/** localStorage helpers that never throw (private mode, full storage, disabled storage). */
export function storedGet<T>(key: string): T | undefined {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

export function storedSet(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the app keeps working without persistence */
  }
}

export function storedRemove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

/** Dismissals (photo alert, push alert, notifications alert, time-bonus popup, entry warning) keep a timestamp. */
export type DismissalKey =
  | 'entry_warning'
  | 'photo_alert'
  | 'push_alert'
  | 'notifications_alert'
  | 'time_bonus_popup'
  | 'install_prompt';

export function dismissedAt(key: DismissalKey): number | undefined {
  const v = storedGet<number>(`dismissed.${key}`);
  return typeof v === 'number' ? v : undefined;
}

export function dismiss(key: DismissalKey, at: number = Date.now()): void {
  storedSet(`dismissed.${key}`, at);
}

/** Forgets a dismissal (what it hid may show again). */
export function undismiss(key: DismissalKey): void {
  storedRemove(`dismissed.${key}`);
}
