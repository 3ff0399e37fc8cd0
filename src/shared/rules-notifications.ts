/** Business constants of notifications: types, channels, timing and the per-type rules of e-mail and push. */

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * Notification timing (docs/notifications.md): a member seen within `lookingSeconds` (a live connection, a request;
 * the session touch runs every 5 minutes) and not hidden since is looking at the site; the dispatcher runs every
 * `dispatchEveryMs`, the sweeps every `sweepEveryMs`; unread messages are reminded after `unreadReminderAfterHours`;
 * the weekly update goes out on `weeklyWeekday` (UTC, 0 = Sunday) to members active within `weeklyActiveDays`.
 */
export const NOTIFICATION_TIMING = {
  lookingSeconds: 360,
  dispatchEveryMs: 5_000,
  sweepEveryMs: 15 * 60_000,
  unreadReminderAfterHours: 20,
  weeklyWeekday: 0,
  weeklyActiveDays: 60,
} as const;

export const NOTIFICATION_CHANNELS = ['email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

/** Why a member's e-mail notifications were turned off (spec section 3): spam complaint, bounce, one-click unsubscribe. */
export const EMAIL_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;
export type EmailDisabledReason = (typeof EMAIL_DISABLED_REASONS)[number];

/**
 * Notifications (issue 13; the table in docs/notifications.md). Per type: the channels it can use, whether it is on
 * before the member chooses (promotions and news need consent: off until turned on), how long an event waits
 * before it is sent (`delaySeconds`: a message read within that time is not mailed), the web-push TTL and urgency,
 * and the most one member gets of it per `minGapSeconds` (later events in the gap are folded into the next one).
 */
export const NOTIFICATION_RULES: Readonly<
  Record<
    NotificationType,
    {
      channels: readonly NotificationChannel[];
      defaultOn: boolean;
      consent: boolean;
      delaySeconds: number;
      minGapSeconds: number;
      pushTtlSeconds: number;
      pushUrgency: 'very-low' | 'low' | 'normal' | 'high';
    }
  >
> = {
  new_conversations: {
    channels: ['email', 'push'],
    defaultOn: true,
    consent: false,
    delaySeconds: 120,
    minGapSeconds: 900,
    pushTtlSeconds: 86_400,
    pushUrgency: 'high',
  },
  new_messages: {
    channels: ['email', 'push'],
    defaultOn: true,
    consent: false,
    delaySeconds: 300,
    minGapSeconds: 1_800,
    pushTtlSeconds: 86_400,
    pushUrgency: 'high',
  },
  like: {
    channels: ['email', 'push'],
    defaultOn: true,
    consent: false,
    delaySeconds: 60,
    minGapSeconds: 3_600,
    pushTtlSeconds: 86_400,
    pushUrgency: 'normal',
  },
  unread_message_reminders: {
    channels: ['email'],
    defaultOn: true,
    consent: false,
    delaySeconds: 0,
    minGapSeconds: 86_400,
    pushTtlSeconds: 86_400,
    pushUrgency: 'low',
  },
  promotions: {
    channels: ['email', 'push'],
    defaultOn: false,
    consent: true,
    delaySeconds: 0,
    minGapSeconds: 3 * 86_400,
    pushTtlSeconds: 86_400,
    pushUrgency: 'very-low',
  },
  weekly_updates: {
    channels: ['email'],
    defaultOn: true,
    consent: false,
    delaySeconds: 0,
    minGapSeconds: 7 * 86_400 - 3_600,
    pushTtlSeconds: 86_400,
    pushUrgency: 'very-low',
  },
  news: {
    channels: ['email'],
    defaultOn: false,
    consent: true,
    delaySeconds: 0,
    minGapSeconds: 7 * 86_400,
    pushTtlSeconds: 86_400,
    pushUrgency: 'very-low',
  },
  reminders: {
    channels: ['email', 'push'],
    defaultOn: true,
    consent: false,
    delaySeconds: 0,
    minGapSeconds: 86_400,
    pushTtlSeconds: 3_600,
    pushUrgency: 'normal',
  },
};
