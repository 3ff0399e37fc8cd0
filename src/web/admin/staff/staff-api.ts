import type { z } from 'zod';
import {
  auditResponseSchema,
  type staffInviteRequestSchema,
  staffInviteResponseSchema,
  staffInvitesResponseSchema,
  staffListResponseSchema,
  staffOkSchema,
  type staffUpdateRequestSchema,
  staffUpdateResponseSchema,
} from '../../../shared/schemas/admin-staff';
import { adminApi } from '../admin-api';

/** Staff management (admins) and the audit log: the calls of the staff and audit sections. */
export const staffListQuery = {
  queryKey: ['console', 'staff'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/staff.php', { schema: staffListResponseSchema, signal }).then((a) => a.staff),
};

export const staffUpdateCall = (body: z.input<typeof staffUpdateRequestSchema>) =>
  adminApi('api/admin/staff.php', { method: 'PATCH', body, schema: staffUpdateResponseSchema }).then(
    (a) => a.staff,
  );

const INVITES = 'api/admin/staff-invites.php' as const;

export const invitesQuery = {
  queryKey: ['console', 'staff-invites'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi(INVITES, { schema: staffInvitesResponseSchema, signal }).then((a) => a.invites),
};

export const inviteCall = (body: z.input<typeof staffInviteRequestSchema>) =>
  adminApi(INVITES, { method: 'POST', body, schema: staffInviteResponseSchema }).then((a) => a.invite);

export const withdrawInviteCall = (id: number) =>
  adminApi(INVITES, { method: 'DELETE', body: { id }, schema: staffOkSchema });

/** GET /api/admin/audit.php's query (auditQuerySchema): a page and the filters set. */
export interface AuditFilters {
  page?: number;
  staff_id?: number;
  action?: string;
  target_type?: string;
  target_id?: string;
}

export const auditQuery = (filters: AuditFilters) => ({
  queryKey: ['console', 'audit', filters] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/audit.php', { query: { ...filters }, schema: auditResponseSchema, signal }),
});
