import { RULES } from '../../../shared/rules';
import {
  type AdminProfile,
  type AdminProfileInput,
  type AdminProfilesQuery,
  adminProfileResponseSchema,
  adminProfilesResponseSchema,
  adminSiteCamsListSchema,
  adminSiteCamsResponseSchema,
} from '../../../shared/schemas/admin-profiles';
import { PHOTO_UPLOAD } from '../../../shared/schemas/photos';
import { interestsResponseSchema } from '../../../shared/schemas/sites';
import { apiUrl } from '../../lib/http';
import { AdminApiError, adminApi } from '../admin-api';

/** The profiles section's calls (moderators; the cam settings of a site: admins). */
export const profilesQuery = (filter: Partial<AdminProfilesQuery>) => ({
  queryKey: ['console', 'profiles', filter] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/profiles.php', { query: filter, schema: adminProfilesResponseSchema, signal }),
});

export const profileQuery = (id: number) => ({
  queryKey: ['console', 'profile', id] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/profile.php', { query: { id }, schema: adminProfileResponseSchema, signal }).then(
      (a) => a.profile,
    ),
});

export const siteCamsQuery = {
  queryKey: ['console', 'site-cams'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    adminApi('api/admin/site-cams.php', { schema: adminSiteCamsListSchema, signal }).then((a) => a.sites),
};

/** The interest names in the console's language (the public list of the site the console runs on). */
export const interestsQuery = {
  queryKey: ['console', 'interests'] as const,
  queryFn: async ({ signal }: { signal: AbortSignal }) => {
    const res = await fetch(apiUrl('api/interests.php'), { signal, credentials: 'same-origin' });
    if (!res.ok) throw new AdminApiError(res.status, 'http_error', res.statusText);
    return interestsResponseSchema.parse(await res.json()).interests;
  },
  staleTime: Number.POSITIVE_INFINITY,
};

export const saveProfileCall = ({ id, input }: { id: number | null; input: AdminProfileInput }) =>
  adminApi('api/admin/profiles.php', {
    method: id === null ? 'POST' : 'PUT',
    ...(id === null ? {} : { query: { id } }),
    body: input,
    schema: adminProfileResponseSchema,
  }).then((a) => a.profile);

export const deletePhotoCall = ({ id, photo }: { id: number; photo: number }) =>
  adminApi('api/admin/profile-photos.php', {
    method: 'DELETE',
    query: { id, photo },
    schema: adminProfileResponseSchema,
  }).then((a) => a.profile);

export const setCamsInSearchCall = ({ id, on }: { id: number; on: boolean }) =>
  adminApi('api/admin/site-cams.php', {
    method: 'PUT',
    query: { id },
    body: { cams_in_search: on },
    schema: adminSiteCamsResponseSchema,
  }).then((a) => a.site);

/**
 * POST /api/admin/profile-photos.php?id=: uploads one photo (multipart field `photo`) with XMLHttpRequest, which
 * reports the upload's progress (fetch does not); `onProgress` gets 0..1. Answers the profile with its photos.
 */
export function uploadPhotoCall(
  id: number,
  file: File,
  onProgress: (share: number) => void,
): Promise<AdminProfile> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl('api/admin/profile-photos.php', { id }));
    xhr.setRequestHeader(RULES.http.requestTypeHeader, RULES.http.requestTypeValue);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onerror = () => reject(new AdminApiError(0, 'network_error', 'network error'));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(adminProfileResponseSchema.parse(body).profile);
        return;
      }
      const error = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
      reject(new AdminApiError(xhr.status, error?.code ?? 'http_error', error?.message ?? xhr.statusText));
    };
    const form = new FormData();
    form.append(PHOTO_UPLOAD.field, file);
    xhr.send(form);
  });
}
