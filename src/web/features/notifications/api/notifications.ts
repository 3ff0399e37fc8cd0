import { queryOptions } from '@tanstack/react-query';
import {
  type NotificationPreferenceChange,
  type NotificationPreferences,
  notificationPreferencesSchema,
} from '../../../../shared/schemas/notifications';
import { api } from '../../../lib/http';

/** The state an answer carries, or null when it does not have the contract's shape (then it is read again). */
function preferencesOf(answer: unknown): NotificationPreferences | null {
  const parsed = notificationPreferencesSchema.safeParse(answer);
  return parsed.success ? parsed.data : null;
}

/** GET /api/notifications.php: every notification type with its channels, why e-mail is off, push subscriptions. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: async () => notificationPreferencesSchema.parse(await api<unknown>('api/notifications.php')),
  throwOnError: false,
});

/** PUT /api/notifications.php: one type and channel on or off, saved at once; answers the whole state again. */
export async function saveNotificationPreferenceCall(
  change: NotificationPreferenceChange,
): Promise<NotificationPreferences | null> {
  return preferencesOf(await api<unknown>('api/notifications.php', { method: 'PUT', body: change }));
}

/** POST /api/notifications-mail.php: e-mail notifications back on (clears `email_disabled`); answers the state. */
export async function enableMailNotificationsCall(): Promise<NotificationPreferences | null> {
  return preferencesOf(await api<unknown>('api/notifications-mail.php', { method: 'POST', body: {} }));
}
