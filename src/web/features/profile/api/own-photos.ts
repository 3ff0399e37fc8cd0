import { queryOptions } from '@tanstack/react-query';
import type { OwnPhoto, OwnPhotosResponse, PhotoUpdate } from '../../../../shared/schemas/photos';
import { api } from '../../../lib/http';

/** GET /api/photos.php: the signed-in member's own photos (the main photo first). */
export const ownPhotosQuery = queryOptions({
  queryKey: ['own-photos'],
  queryFn: () => api<OwnPhotosResponse>('api/photos.php').then((r) => r.photos),
});

/** PUT /api/photos.php: make a photo the main photo or change whether it is private; answers the whole list. */
export const updatePhotoCall = (body: PhotoUpdate): Promise<OwnPhoto[]> =>
  api<OwnPhotosResponse>('api/photos.php', { method: 'PUT', body }).then((r) => r.photos);

/** DELETE /api/photos.php */
export const deletePhotoCall = (id: number): Promise<void> =>
  api<{ ok: true }>('api/photos.php', { method: 'DELETE', body: { id } }).then(() => undefined);
