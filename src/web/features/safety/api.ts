import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { VisitorsResponse } from '../../../shared/schemas/visits';
import { api } from '../../lib/http';

/** GET /api/visitors.php?page=: who viewed the member (cards for premium members, the count for free ones). */
export const visitorsQuery = (page = 1) =>
  queryOptions({
    queryKey: ['visitors', page],
    queryFn: ({ signal }) => api<VisitorsResponse>('api/visitors.php', { query: { page }, signal }),
    placeholderData: keepPreviousData,
    throwOnError: false,
  });

/** POST /api/unmatch.php: ends the conversation for both members (issue 21). */
export const unmatchCall = (conversation: number) =>
  api<unknown>('api/unmatch.php', { method: 'POST', body: { conversation } });

/** The info page with the safety tips (footer, chat report dialog, first-message warnings). */
export const SAFETY_PAGE_PATH = '/pages/safety';
