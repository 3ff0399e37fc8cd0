import type { AppealRequest, RestrictionResponse } from '../../../shared/schemas/moderation';
import type { ComplaintRequest } from '../../../shared/schemas/reports';
import { api } from '../../lib/http';

/** GET /api/restriction.php: the member's decisions, opened with the ban page's token. */
export const restrictionQuery = (token: string) => ({
  queryKey: ['restriction', token] as const,
  queryFn: () => api<RestrictionResponse>('api/restriction.php', { query: { t: token }, retries: 1 }),
  retry: false,
});

export const appealCall = (body: AppealRequest) =>
  api<{ ok: true }>('api/appeal.php', { method: 'POST', body });

export const complaintCall = (body: ComplaintRequest) =>
  api<{ ok: true; id: number }>('api/complaint.php', { method: 'POST', body });
