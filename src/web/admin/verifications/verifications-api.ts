import {
  type AdminVerificationDecision,
  adminVerificationQueueSchema,
} from '../../../shared/schemas/verification';
import { adminApi } from '../admin-api';

/** The verification review queue's calls (GET / POST /api/admin/verifications.php). */
export const verificationQueueQuery = {
  queryKey: ['console', 'verifications'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/verifications.php', { schema: adminVerificationQueueSchema, signal }),
};

export const decideVerificationCall = (body: AdminVerificationDecision) =>
  adminApi('api/admin/verifications.php', { method: 'POST', body });
