import { useMemo } from 'react';

/** Country names in the UI language (the code itself where the browser cannot name it). */
export function useCountryNames(locale: string): (code: string) => string {
  return useMemo(() => {
    let names: Intl.DisplayNames | null = null;
    try {
      names = new Intl.DisplayNames([locale], { type: 'region' });
    } catch {
      /* no Intl.DisplayNames */
    }
    return (code: string) => {
      try {
        return names?.of(code.toUpperCase()) ?? code;
      } catch {
        return code;
      }
    };
  }, [locale]);
}
