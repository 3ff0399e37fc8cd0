import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../../shared/locales';
import {
  EMAIL_DISABLED_REASONS,
  type EmailDisabledReason,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_RULES,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '../../../shared/rules';
import type {
  NotificationPreferenceChange,
  NotificationPreferences,
} from '../../../shared/schemas/notifications';
import type { Db } from '../../db/client';
import { outbox, type Site, sites } from '../../db/schema';
import { translate } from '../../i18n/translate';
import type { MailKind } from '../../lib/mail/templates';
import { buildAccountMail, type LinkBase, siteOrigin } from '../accounts/account-mail';
import { isDiscreet } from '../consents/discreet.service';
import { enqueueMail } from '../outbox/outbox.repo';
import { buildContent, type NotificationContent } from './notification-content';
import {
  type ClaimedNotification,
  claimDueGroups,
  clearMailDisabled,
  closeNotifications,
  countPushSubscriptions,
  findMailDisabled,
  findPreferences,
  findPushTargets,
  findRecipient,
  lastSentAt,
  type PreferenceRow,
  postpone,
  type RecipientFacts,
  savePreference,
} from './notifications.repo';
import { unsubscribeUrl } from './unsubscribe-token';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Whether a type is on for a channel: the member's choice, else the type's default; never for a channel it lacks. */
export function channelOn(
  rows: readonly PreferenceRow[],
  type: NotificationType,
  channel: NotificationChannel,
): boolean {
  const rule = NOTIFICATION_RULES[type];
  if (!rule.channels.includes(channel)) return false;
  const chosen = rows.find((r) => r.type === type && r.channel === channel);
  return chosen ? chosen.enabled : rule.defaultOn;
}

const mailReasons = (list: readonly string[]): EmailDisabledReason[] =>
  list.filter((r): r is EmailDisabledReason => (EMAIL_DISABLED_REASONS as readonly string[]).includes(r));

export async function preferencesOf(db: Db, userId: number): Promise<NotificationPreferences> {
  const [rows, disabled, push] = await Promise.all([
    findPreferences(db, userId),
    findMailDisabled(db, userId),
    countPushSubscriptions(db, userId),
  ]);
  const preferences = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [
      type,
      Object.fromEntries(
        NOTIFICATION_CHANNELS.map((channel) => [
          channel,
          NOTIFICATION_RULES[type].channels.includes(channel) ? channelOn(rows, type, channel) : null,
        ]),
      ) as { email: boolean | null; push: boolean | null },
    ]),
  ) as NotificationPreferences['preferences'];
  return { preferences, email_disabled: mailReasons(disabled), push_subscriptions: push };
}

export class ChannelNotOffered extends Error {}

/** Saves one choice; a channel the type does not use is refused (400 by the route). */
export async function changePreference(
  db: Db,
  userId: number,
  change: NotificationPreferenceChange,
): Promise<NotificationPreferences> {
  if (!NOTIFICATION_RULES[change.type].channels.includes(change.channel)) throw new ChannelNotOffered();
  await savePreference(db, userId, change.type, change.channel, change.enabled);
  return preferencesOf(db, userId);
}

export async function turnMailBackOn(db: Db, userId: number): Promise<NotificationPreferences> {
  await clearMailDisabled(db, userId);
  return preferencesOf(db, userId);
}

export interface DispatchDeps {
  db: Db;
  linkBase: LinkBase;
  unsubscribeKey: Buffer;
  /** a member seen this recently, and not hidden since, is looking at the site (docs/notifications.md) */
  lookingSeconds: number;
  /** VAPID subject and keys are used by the push channel's sender; here only whether push may be queued */
  pushEnabled: boolean;
}

/** Types about what the member would see on the site: not sent while the member is looking at it. */
const SEEN_ON_SITE: ReadonlySet<NotificationType> = new Set(['like', 'new_conversations', 'new_messages']);

export interface PushPayload {
  notification_type: NotificationType;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  /** the notification shown by the service worker */
  data: {
    title: string;
    body: string;
    url: string;
    tag: string;
    type: NotificationType;
    icon?: string;
    badge?: string;
  };
}

/** The neutral icon of discreet mode (the discreet manifest's too). */
export const DISCREET_ICON = '/icons/discreet-192.png';

const siteCache = new Map<number, { site: Site; at: number }>();

async function siteOf(tx: Tx, siteId: number): Promise<Site | undefined> {
  const cached = siteCache.get(siteId);
  if (cached && Date.now() - cached.at < 60_000) return cached.site;
  const [site] = await tx.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  if (site) siteCache.set(siteId, { site, at: Date.now() });
  return site;
}

/** Message notifications: in discreet mode they say "a new message", everything else "a new notification". */
const ABOUT_MESSAGES: ReadonlySet<NotificationType> = new Set([
  'new_conversations',
  'new_messages',
  'unread_message_reminders',
]);

/**
 * Discreet mode (issue 23): neutral texts without the other member's name, message text, counts or the site's name
 * (mail.notify_discreet_<message|other>.*, push.discreet_<message|other>.*); the mail's preview line says the same.
 */
function discreetWords(locale: Locale, type: NotificationType) {
  const key = ABOUT_MESSAGES.has(type) ? 'message' : 'other';
  return {
    vars: {},
    mailKind: `notify_discreet_${key}` as MailKind,
    literal: undefined,
    preheader: translate(locale, `mail.notify_discreet_${key}.subject`),
    pushTitle: translate(locale, `push.discreet_${key}.title`),
    pushBody: translate(locale, `push.discreet_${key}.body`),
  };
}

/** The texts of a notification in the member's language (mail.notify_<type>.* and push.<type>.*). */
function words(locale: Locale, type: NotificationType, content: NotificationContent, site: Site) {
  const vars: Record<string, string | number> = {
    siteName: site.name,
    name: content.name ?? '',
    count: content.count,
    ...content.vars,
  };
  // Counted words ("3 chats", "1 new member") in the member's plural forms.
  for (const word of ['chats', 'members', 'likes'] as const) {
    const n = content.vars?.[word];
    if (typeof n === 'number') vars[word] = translate(locale, `mail.notify.${word}`, { count: n });
  }
  const key = content.kind ? `${type}_${content.kind}` : type;
  // An operator's message: the member's language, else the fallback (nl), else English, else any it was written in.
  const own = content.texts
    ? (content.texts[locale] ??
      content.texts.nl ??
      content.texts.en ??
      Object.values(content.texts).find((v) => v !== undefined))
    : undefined;
  return {
    vars,
    mailKind: `notify_${key}` as MailKind,
    literal: own ? { subject: own.subject, intro: own.intro, button: own.button } : undefined,
    pushTitle: own?.push_title ?? translate(locale, `push.${key}.title`, vars),
    pushBody: own?.push_body ?? translate(locale, `push.${key}.body`, vars),
  };
}

/**
 * Sends one member's due notifications of one type: decides, renders and queues (mail and push through the
 * outbox) in the transaction that closes the rows, so each event goes out at most once.
 */
async function dispatchGroup(
  tx: Tx,
  deps: DispatchDeps,
  userId: number,
  type: NotificationType,
  rows: ClaimedNotification[],
  now: Date,
): Promise<boolean> {
  const rowIds = rows.map((r) => r.id);
  const skip = (reason: string) => closeNotifications(tx, rowIds, { status: 'skipped', reason });
  const recipient: RecipientFacts | null = await findRecipient(tx, userId, deps.lookingSeconds);
  if (!recipient || recipient.deleted) return skip('account_gone').then(() => false);

  const prefs = await findPreferences(tx, userId);
  const rule = NOTIFICATION_RULES[type];
  // E-mail only to a confirmed address that has not bounced, complained or unsubscribed (activation reminders
  // are account mail, not notifications).
  const mailOk =
    channelOn(prefs, type, 'email') && recipient.status === 'active' && recipient.mailDisabled.length === 0;
  const pushTargets =
    deps.pushEnabled && channelOn(prefs, type, 'push') ? await findPushTargets(tx, userId) : [];
  if (!mailOk && pushTargets.length === 0) return skip('preference_off').then(() => false);
  if (SEEN_ON_SITE.has(type) && recipient.looking) return skip('looking').then(() => false);

  const last = await lastSentAt(tx, userId, type);
  if (last && now.getTime() - last.getTime() < rule.minGapSeconds * 1000) {
    // Later events are folded into one message when the gap has passed.
    await postpone(tx, rowIds, new Date(last.getTime() + rule.minGapSeconds * 1000));
    return false;
  }

  const content = await buildContent(tx, type, userId, rows);
  if (!content) return skip('nothing_new').then(() => false);
  const site = await siteOf(tx, recipient.siteId);
  if (!site) return skip('account_gone').then(() => false);

  const locale: Locale = isLocale(recipient.language) ? recipient.language : 'en';
  const origin = siteOrigin(site, deps.linkBase);
  const link = `${origin}${content.path}`;
  const discreet = await isDiscreet(tx, userId);
  const { vars, mailKind, literal, pushTitle, pushBody, preheader } = discreet
    ? discreetWords(locale, type)
    : { ...words(locale, type, content, site), preheader: undefined };
  const channels: NotificationChannel[] = [];

  if (mailOk) {
    const unsubscribe = unsubscribeUrl(origin, deps.unsubscribeKey, userId, type);
    const mail = buildAccountMail(
      mailKind,
      site,
      { email: recipient.email, name: recipient.name, language: locale },
      link,
      vars,
      undefined,
      [
        { label: translate(locale, 'mail.notify.preferences', vars), url: `${origin}/notifications` },
        { label: translate(locale, 'mail.notify.unsubscribe', vars), url: unsubscribe },
      ],
      literal,
      preheader,
    );
    mail.headers = {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
    await enqueueMail(tx, userId, mail, { notification_type: type });
    channels.push('email');
  }
  if (pushTargets.length > 0) {
    for (const target of pushTargets) {
      const payload: PushPayload = {
        notification_type: type,
        endpoint: target.endpoint,
        keys: target.keys,
        ttl: rule.pushTtlSeconds,
        urgency: rule.pushUrgency,
        data: {
          title: pushTitle,
          body: pushBody,
          url: content.path,
          tag: type,
          type,
          // Discreet: the installed app's neutral icon instead of the site's (public/icons/discreet-*.png).
          ...(discreet ? { icon: DISCREET_ICON, badge: DISCREET_ICON } : {}),
        },
      };
      await enqueuePush(tx, userId, payload);
    }
    channels.push('push');
  }
  await closeNotifications(tx, rowIds, { status: 'sent', channels });
  return true;
}

async function enqueuePush(tx: Tx, userId: number, payload: PushPayload): Promise<void> {
  await tx.insert(outbox).values({ channel: 'push', userId, payload: { ...payload } });
}

/**
 * The notification job: claims due groups (SKIP LOCKED, so instances share the work and never take the same rows)
 * and dispatches them in one transaction per batch. Answers how many groups were handled and how many went out.
 */
export async function dispatchDueNotifications(
  deps: DispatchDeps,
  groups = 20,
  now = new Date(),
  onlyUserIds?: readonly number[],
): Promise<{ handled: number; sent: number }> {
  return deps.db.transaction(async (tx) => {
    const claimed = await claimDueGroups(tx, groups, onlyUserIds);
    const byGroup = new Map<string, ClaimedNotification[]>();
    for (const row of claimed) {
      const key = `${row.userId}:${row.type}`;
      const list = byGroup.get(key) ?? [];
      list.push(row);
      byGroup.set(key, list);
    }
    let sent = 0;
    for (const rows of byGroup.values()) {
      const first = rows[0]!;
      if (await dispatchGroup(tx, deps, first.userId, first.type, rows, now)) sent += 1;
    }
    return { handled: byGroup.size, sent };
  });
}
