import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { creditsQuery } from '../api/payments';

/** The longest a browser timer waits (~24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The price list (GET /api/credits.php) of the member, or of a visitor in `country`, with `code` priced in when
 * given. The answer is asked for again when the discount in it ends (the time bonus after 4 hours), so no screen
 * keeps showing an ended discount.
 */
export function usePriceList(country?: string, code?: string | null) {
  const query = useQuery(creditsQuery(country, code));
  const endsAt = query.data?.discount?.ends_at;
  const { refetch } = query;
  useEffect(() => {
    if (!endsAt) return;
    const wait = Date.parse(endsAt) - Date.now() + 1000;
    if (!Number.isFinite(wait) || wait > MAX_TIMER_MS) return;
    const timer = setTimeout(() => void refetch(), Math.max(0, wait));
    return () => clearTimeout(timer);
  }, [endsAt, refetch]);
  return query;
}
