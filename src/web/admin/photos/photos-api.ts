import {
  type AdminPhotoDecision,
  adminPhotoDecisionResponseSchema,
  adminPhotoQueueResponseSchema,
} from '../../../shared/schemas/admin-photos';
import { adminApi } from '../admin-api';

/** The photo queue's calls (GET / POST /api/admin/photos.php). */
export const photoQueueQuery = (site: number | undefined) => ({
  queryKey: ['console', 'photos', 'pending', site ?? 'all'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/photos.php', {
      query: { status: 'pending', site },
      schema: adminPhotoQueueResponseSchema,
      signal,
    }),
});

export const decidePhotoCall = (body: AdminPhotoDecision) =>
  adminApi('api/admin/photos.php', { method: 'POST', body, schema: adminPhotoDecisionResponseSchema }).then(
    (a) => a.photo,
  );
