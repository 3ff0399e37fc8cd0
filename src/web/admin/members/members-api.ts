import { adminContractsResponseSchema } from '../../../shared/schemas/admin-contracts';
import {
  adminMemberResponseSchema,
  type CreditAdjustment,
  creditAdjustmentResponseSchema,
  memberEraseResponseSchema,
  memberRefundResponseSchema,
  memberSearchResponseSchema,
  memberSessionsEndResponseSchema,
} from '../../../shared/schemas/admin-members';
import { adminSitesResponseSchema } from '../../../shared/schemas/admin-sites';
import { adminExportListSchema, adminExportSchema } from '../../../shared/schemas/data-export';
import { adminApi } from '../admin-api';

/** The members section's calls (/api/admin/members.php, member.php, member-*.php). */
export interface MemberSearch {
  q: string;
  site?: number | undefined;
  page: number;
}

export const memberSearchQuery = (s: MemberSearch) => ({
  queryKey: ['console', 'members', 'search', s.q, s.site ?? 'all', s.page] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/members.php', {
      query: { q: s.q, site: s.site, page: s.page },
      schema: memberSearchResponseSchema,
      signal,
    }),
});

export const memberKey = (id: number) => ['console', 'members', 'member', id] as const;

export const memberQuery = (id: number) => ({
  queryKey: memberKey(id),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/member.php', { query: { id }, schema: adminMemberResponseSchema, signal }),
});

/** The member's cancellations and withdrawals (the Contracts tab). */
export const memberContractsQuery = (id: number) => ({
  queryKey: [...memberKey(id), 'contracts'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/member-contracts.php', {
      query: { id },
      schema: adminContractsResponseSchema,
      signal,
    }),
});

/** The sites for the search's filter (admins only: the sites list is an admin call). */
export const sitesForFilterQuery = {
  queryKey: ['console', 'members', 'sites'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/sites.php', { schema: adminSitesResponseSchema, signal }).then((a) =>
      a.sites.map((s) => ({ id: s.id, domain: s.domain })),
    ),
};

export const adjustCreditsCall = (body: CreditAdjustment) =>
  adminApi('api/admin/member-credits.php', { method: 'POST', body, schema: creditAdjustmentResponseSchema });

export const refundCall = (body: { member: number; payment: number }) =>
  adminApi('api/admin/member-refund.php', { method: 'POST', body, schema: memberRefundResponseSchema });

export const endSessionsCall = (body: { member: number; session: number } | { member: number; all: true }) =>
  adminApi('api/admin/member-sessions.php', {
    method: 'DELETE',
    body,
    schema: memberSessionsEndResponseSchema,
  });

export const eraseCall = (body: { member: number; confirmation: string }) =>
  adminApi('api/admin/member.php', { method: 'DELETE', body, schema: memberEraseResponseSchema });

export const exportsKey = (member: number) => ['console', 'members', 'exports', member] as const;

/** The member's data exports (admins): asked again every 5 s while one is being prepared. */
export const memberExportsQuery = (member: number) => ({
  queryKey: exportsKey(member),
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/member-export.php', {
      query: { member },
      schema: adminExportListSchema,
      signal,
    }).then((a) => a.exports),
  refetchInterval: (q: { state: { data?: { state: string }[] } }) =>
    q.state.data?.some((e) => e.state === 'preparing') ? 5_000 : false,
});

export const requestExportCall = (member: number) =>
  adminApi('api/admin/member-export.php', { method: 'POST', body: { member }, schema: adminExportSchema });
