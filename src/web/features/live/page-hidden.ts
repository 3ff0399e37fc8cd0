import { useEffect } from 'react';
import { RULES } from '../../../shared/rules';
import { apiUrl } from '../../lib/http';

/**
 * POST /api/page-hidden.php with an empty JSON body: the spec's beacon, telling the server the member looked away
 * (notifications may go out again). navigator.sendBeacon cannot set headers, and the server wants the request-type
 * header on every write (CSRF, docs/api.md); a keepalive fetch outlives the page like a beacon and carries it.
 * Never throws: a lost beacon only delays a notification.
 */
export function sendPageHidden(): void {
  try {
    void fetch(apiUrl('api/page-hidden.php'), {
      method: 'POST',
      keepalive: true,
      credentials: 'same-origin',
      headers: {
        'Content-Type': 'application/json',
        [RULES.http.requestTypeHeader]: RULES.http.requestTypeValue,
      },
      body: '{}',
    }).catch(() => undefined);
  } catch {
    /* fetch unavailable or refused synchronously: nothing to tell */
  }
}

/** While signed in: the page-hidden beacon each time the page becomes hidden (tab switched, app left, tab closed). */
export function usePageHiddenBeacon(signedIn: boolean): void {
  useEffect(() => {
    if (!signedIn) return;
    const onChange = () => {
      if (document.visibilityState === 'hidden') sendPageHidden();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [signedIn]);
}
