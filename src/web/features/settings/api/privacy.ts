import { queryOptions } from '@tanstack/react-query';
import { type PrivacySettings, privacySettingsSchema } from '../../../../shared/schemas/member-profile';
import { api } from '../../../lib/http';

/** GET /api/privacy.php: invisible mode and privacy mode of the signed-in member. */
export const privacyQuery = queryOptions({
  queryKey: ['privacy'],
  queryFn: () => api<PrivacySettings>('api/privacy.php'),
  throwOnError: false,
});

/** PUT /api/privacy.php: saves both switches; answers the saved settings (or nothing, then the sent ones stand). */
export async function savePrivacyCall(settings: PrivacySettings): Promise<PrivacySettings> {
  const answer = await api<unknown>('api/privacy.php', { method: 'PUT', body: settings });
  const parsed = privacySettingsSchema.safeParse(answer);
  return parsed.success ? parsed.data : settings;
}
