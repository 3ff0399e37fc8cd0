import { z } from 'zod';
import { EMAIL_DISABLED_REASONS, NOTIFICATION_CHANNELS, NOTIFICATION_TYPES } from '../rules';

/**
 * Notification preferences (issue 13), /notifications. GET /api/notifications.php answers every type with its
 * channels (null: the type never uses that channel, see NOTIFICATION_RULES); PUT /api/notifications.php changes one
 * type and channel at once and answers the whole state again. POST /api/notifications-mail.php turns e-mail back on
 * after it was turned off for a bounce, a spam complaint or a one-click unsubscribe (clears `email_disabled`).
 */
export const notificationChannelStateSchema = z.object({
  email: z.boolean().nullable(),
  push: z.boolean().nullable(),
});

export const notificationPreferencesSchema = z.object({
  preferences: z.record(z.enum(NOTIFICATION_TYPES), notificationChannelStateSchema),
  /** why e-mail notifications are off, newest first; empty when mail is on */
  email_disabled: z.array(z.enum(EMAIL_DISABLED_REASONS)),
  /** how many browsers of this member hold a push subscription */
  push_subscriptions: z.number().int().nonnegative(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferenceChangeSchema = z.object({
  type: z.enum(NOTIFICATION_TYPES),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type NotificationPreferenceChange = z.infer<typeof notificationPreferenceChangeSchema>;

/**
 * POST /api/page-hidden.php: the spec's beacon, an empty JSON object (sent as a keepalive fetch with the request-type
 * header: navigator.sendBeacon cannot set headers).
 */
export const pageHiddenSchema = z.object({}).strict();
