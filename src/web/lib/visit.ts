import { api } from './http';

const SOURCE_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;

/**
 * Tells the server about a visit that arrived with tracking parameters (network or ref in the address), for the
 * traffic-source report: only those parameters are sent, once per arrival, never blocking the page.
 */
export function reportTrackedVisit(search: string): void {
  const params = new URLSearchParams(search);
  if (!params.has('network') && !params.has('ref')) return;
  const body = Object.fromEntries(
    SOURCE_KEYS.flatMap((k) => {
      const v = params.get(k);
      return v === null ? [] : [[k, v.slice(0, 200)]];
    }),
  );
  api('api/visit.php', { method: 'POST', body, retries: 0 }).catch(() => undefined);
}
