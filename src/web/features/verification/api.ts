import { queryOptions } from '@tanstack/react-query';
import type {
  AdminVerificationQueue,
  VerificationAttempt,
  VerificationStatus,
} from '../../../shared/schemas/verification';
import { api } from '../../lib/http';

/** GET /api/verification.php: the member's badge, attempts left and latest attempt. */
export const verificationQuery = queryOptions({
  queryKey: ['verification'],
  queryFn: ({ signal }) => api<VerificationStatus>('api/verification.php', { signal }),
  throwOnError: false,
});

/** POST /api/verification.php: a new challenge (the pose to show), chosen by the server. */
export const startVerification = () =>
  api<VerificationAttempt>('api/verification.php', { method: 'POST', body: {} });

/** POST /api/verification-selfie.php: the selfie (JPEG data URL) for challenge `id`; checked behind the request. */
export const sendSelfie = (id: number, image: string) =>
  api<VerificationAttempt>('api/verification-selfie.php', { method: 'POST', body: { id, image } });

/** The console's review queue (moderators). */
export const adminVerificationQueue = () => api<AdminVerificationQueue>('api/admin/verifications.php');
export const decideAdminVerification = (id: number, action: 'approve' | 'reject') =>
  api<{ ok: true }>('api/admin/verifications.php', { method: 'POST', body: { id, action } });
