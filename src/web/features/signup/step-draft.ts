import { useCallback, useState } from 'react';

const PREFIX = 'signup.draft.';

function read<T>(key: string): T | undefined {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  } catch {
    return undefined;
  }
}

function write(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the step still works, only a reload loses what was typed */
  }
}

/** Forgets every signup draft of this tab (the steps are saved, or a new account is made). */
export function clearSignupDrafts(): void {
  try {
    for (const key of Object.keys(sessionStorage)) if (key.startsWith(PREFIX)) sessionStorage.removeItem(key);
  } catch {
    /* storage unavailable */
  }
}

/**
 * A signup step's values, kept in this tab's sessionStorage until the step is saved, so a reload (or coming back
 * from the members area) does not lose what was typed. Never used for passwords. `clear` forgets the draft once
 * the server has the values.
 */
export function useStepDraft<T extends object>(
  key: string,
  initial: () => T,
): [T, (update: T | ((prev: T) => T)) => void, () => void] {
  const [value, setValue] = useState<T>(() => ({ ...initial(), ...read<Partial<T>>(key) }));
  const set = useCallback(
    (update: T | ((prev: T) => T)) =>
      setValue((prev) => {
        const next = typeof update === 'function' ? (update as (p: T) => T)(prev) : update;
        write(key, next);
        return next;
      }),
    [key],
  );
  const clear = useCallback(() => {
    try {
      sessionStorage.removeItem(PREFIX + key);
    } catch {
      /* storage unavailable */
    }
  }, [key]);
  return [value, set, clear];
}
