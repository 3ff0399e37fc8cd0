import type { OwnProfile, ProfileUpdate } from '../../../../shared/schemas/profiles';
import { api } from '../../../lib/http';

export const ownProfileQueryKey = ['own-profile'] as const;
export const fetchOwnProfile = () => api<{ profile: OwnProfile }>('api/profile.php').then((r) => r.profile);
export const updateProfileCall = (body: ProfileUpdate) =>
  api<{ profile: OwnProfile }>('api/profile.php', { method: 'PUT', body }).then((r) => r.profile);
