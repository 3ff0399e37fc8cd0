import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_CHANNELS,
  NOTIFICATION_RULES,
  NOTIFICATION_TYPES,
  type NotificationChannel,
  type NotificationType,
} from '../../../../shared/rules';
import type {
  NotificationPreferenceChange,
  NotificationPreferences as Preferences,
} from '../../../../shared/schemas/notifications';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { userQuery } from '../../auth/api/session';
import { CardLoadState } from '../../settings/components/CardLoadState';
import { SettingsCard } from '../../settings/components/SettingsCard';
import {
  enableMailNotificationsCall,
  notificationsQuery,
  saveNotificationPreferenceCall,
} from '../api/notifications';
import { MailDisabledReasons, mailDisabledReasons } from '../mail-disabled';
import { PushStatus } from './PushStatus';

type Cell = `${NotificationType}.${NotificationChannel}`;
const cellOf = (c: { type: NotificationType; channel: NotificationChannel }): Cell =>
  `${c.type}.${c.channel}`;

/** `prefs` with one switch set; a channel the type does not have (null) stays null. */
function withSwitch(
  prefs: Preferences,
  type: NotificationType,
  channel: NotificationChannel,
  enabled: boolean,
): Preferences {
  const current = prefs.preferences[type];
  if (current[channel] === null) return prefs;
  return { ...prefs, preferences: { ...prefs.preferences, [type]: { ...current, [channel]: enabled } } };
}

/**
 * Saves one switch at once: shown switched right away (optimistic), disabled while its save runs, put back with a
 * message when the save fails. The server answers the whole state; switches still being saved keep the member's
 * choice over it, so quick toggles of several switches do not undo each other.
 */
function usePreferenceSwitches() {
  const queryClient = useQueryClient();
  const key = notificationsQuery.queryKey;
  const wanted = useRef(new Map<Cell, NotificationPreferenceChange>());
  const [saving, setSaving] = useState<ReadonlySet<Cell>>(new Set());
  const [failed, setFailed] = useState<NotificationPreferenceChange | null>(null);
  const [saved, setSaved] = useState(false);
  const settle = (change: NotificationPreferenceChange) => {
    wanted.current.delete(cellOf(change));
    setSaving(new Set(wanted.current.keys()));
  };

  const save = useMutation({
    mutationFn: saveNotificationPreferenceCall,
    onMutate: async (change) => {
      wanted.current.set(cellOf(change), change);
      setSaving(new Set(wanted.current.keys()));
      setFailed(null);
      setSaved(false);
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData(key)?.preferences[change.type][change.channel] ?? null;
      queryClient.setQueryData(key, (old) =>
        old ? withSwitch(old, change.type, change.channel, change.enabled) : old,
      );
      return { previous };
    },
    onError: (_error, change, context) => {
      settle(change);
      const previous = context?.previous ?? !change.enabled;
      queryClient.setQueryData(key, (old) =>
        old ? withSwitch(old, change.type, change.channel, previous) : old,
      );
      setFailed(change);
    },
    onSuccess: (answer, change) => {
      settle(change);
      if (!answer) {
        void queryClient.invalidateQueries({ queryKey: key });
      } else {
        let next = answer;
        for (const c of wanted.current.values()) next = withSwitch(next, c.type, c.channel, c.enabled);
        queryClient.setQueryData(key, next);
      }
      if (wanted.current.size === 0) setSaved(true);
    },
  });

  return {
    toggle: (type: NotificationType, channel: NotificationChannel, enabled: boolean) =>
      save.mutate({ type, channel, enabled }),
    saving,
    failed,
    saved,
  };
}

/**
 * The notifications section of /notifications (#notifications), first on the page: per notification type its name,
 * what it is about and a switch per channel it has (e-mail, push), each saved at once; the push state of this
 * browser; and, when e-mail notifications were turned off (spam complaint, bounce, unsubscribe), why, with a button
 * to turn them back on.
 */
export function NotificationPreferences() {
  const { t } = useTranslation('notifications');
  const query = useQuery(notificationsQuery);
  const { toggle, saving, failed, saved } = usePreferenceSwitches();
  return (
    <SettingsCard id="notifications" title={t('title')} icon="bi-bell">
      <p className="small text-body-secondary mb-1">{t('intro')}</p>
      <div
        className="small mb-2 notification-save-state"
        role="status"
        data-testid="notifications-save-state"
      >
        {saving.size > 0 ? (
          <span className="text-body-secondary">
            <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />
            {t('saving')}
          </span>
        ) : (
          saved && (
            <span className="text-success-emphasis" data-testid="notifications-saved">
              <i className="bi bi-check-lg me-1" aria-hidden="true" />
              {t('saved')}
            </span>
          )
        )}
      </div>
      <CardLoadState
        query={query}
        errorText={t('load_error')}
        retryLabel={t('retry')}
        errorTestId="notifications-load-error"
      >
        {(data) => (
          <>
            <MailDisabledAlert reasons={data.email_disabled} />
            <PushStatus subscriptions={data.push_subscriptions} />
            {failed && (
              <div
                className="alert alert-danger py-2 small"
                role="alert"
                data-testid="notifications-save-error"
              >
                <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
                {t('save_error', {
                  type: t(`types.${failed.type}.name`),
                  channel: t(`channels.${failed.channel}`),
                })}
              </div>
            )}
            {/* Wider screens: one heading per channel column; phones label every switch instead. */}
            <div className="notification-columns d-none d-sm-flex small fw-semibold" aria-hidden="true">
              {NOTIFICATION_CHANNELS.map((channel) => (
                <span key={channel} className="notification-channel">
                  {t(`channels.${channel}`)}
                </span>
              ))}
            </div>
            <ul className="list-unstyled mb-0 notification-types" data-testid="notification-types">
              {NOTIFICATION_TYPES.map((type) => (
                <PreferenceRow
                  key={type}
                  type={type}
                  state={data.preferences[type]}
                  saving={saving}
                  onToggle={(channel, on) => toggle(type, channel, on)}
                />
              ))}
            </ul>
          </>
        )}
      </CardLoadState>
    </SettingsCard>
  );
}

function PreferenceRow({
  type,
  state,
  saving,
  onToggle,
}: {
  type: NotificationType;
  state: Preferences['preferences'][NotificationType];
  saving: ReadonlySet<Cell>;
  onToggle: (channel: NotificationChannel, on: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const nameId = useId();
  const descriptionId = useId();
  const consent = NOTIFICATION_RULES[type].consent;
  return (
    <li className="notification-type border-top py-3" data-testid={`notification-${type}`}>
      <div className="d-flex flex-column flex-sm-row gap-2 gap-sm-3">
        <div className="flex-grow-1">
          <h3 id={nameId} className="h6 fw-semibold mb-1">
            {t(`types.${type}.name`)}
          </h3>
          <p id={descriptionId} className="small text-body-secondary mb-0">
            {t(`types.${type}.description`)}
          </p>
          {consent && (
            <p
              className="small mb-0 mt-1 text-body-secondary fst-italic"
              data-testid={`notification-${type}-consent`}
            >
              <i className="bi bi-info-circle me-1" aria-hidden="true" />
              {t('consent')}
            </p>
          )}
        </div>
        <div className="notification-channels d-flex flex-shrink-0">
          {NOTIFICATION_CHANNELS.map((channel) => {
            const on = state[channel];
            // A channel this type never uses shows nothing (an empty place keeps the columns aligned).
            if (on === null) return <div key={channel} className="notification-channel" />;
            return (
              <ChannelSwitch
                key={channel}
                type={type}
                channel={channel}
                checked={on}
                busy={saving.has(`${type}.${channel}`)}
                nameId={nameId}
                descriptionId={descriptionId}
                onChange={(next) => onToggle(channel, next)}
              />
            );
          })}
        </div>
      </div>
    </li>
  );
}

function ChannelSwitch({
  type,
  channel,
  checked,
  busy,
  nameId,
  descriptionId,
  onChange,
}: {
  type: NotificationType;
  channel: NotificationChannel;
  checked: boolean;
  busy: boolean;
  nameId: string;
  descriptionId: string;
  onChange: (on: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const id = useId();
  return (
    <div className="notification-channel form-check form-switch mb-0">
      <input
        className="form-check-input"
        type="checkbox"
        role="switch"
        id={id}
        checked={checked}
        aria-checked={checked}
        disabled={busy}
        aria-busy={busy}
        aria-labelledby={`${nameId} ${id}-label`}
        aria-describedby={descriptionId}
        onChange={(e) => onChange(e.target.checked)}
        data-testid={`notification-${type}-${channel}`}
      />
      <label id={`${id}-label`} className="form-check-label small" htmlFor={id}>
        {t(`channels.${channel}`)}
      </label>
    </div>
  );
}

/**
 * E-mail notifications are off: why, and a button to turn them back on (POST notifications-mail.php); then, that
 * they are on again. Nothing while e-mail is on.
 */
function MailDisabledAlert({ reasons }: { reasons: readonly string[] }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(false);
  const enable = useMutation({
    mutationFn: enableMailNotificationsCall,
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData(notificationsQuery.queryKey, answer);
      else void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      // The user call carries the same reasons (notifications_disabled): the layout's alert goes too.
      void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
      setEnabled(true);
    },
  });
  if (enabled && reasons.length === 0) {
    return (
      <div className="alert alert-success py-2 small" role="status" data-testid="mail-enabled">
        <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
        {t('mail_disabled.enabled')}
      </div>
    );
  }
  if (reasons.length === 0) return null;
  return (
    <div className="alert alert-warning small" data-testid="mail-disabled">
      <h3 className="h6 fw-semibold">
        <i className="bi bi-envelope-slash me-2" aria-hidden="true" />
        {t('mail_disabled.title')}
      </h3>
      <MailDisabledReasons reasons={mailDisabledReasons(reasons)} />
      <FormAlert error={enable.error} />
      <BusyButton
        type="button"
        className="btn btn-sm btn-dark rounded-pill px-3 mt-2"
        busy={enable.isPending}
        onClick={() => enable.mutate()}
        data-testid="mail-enable"
      >
        {t('mail_disabled.enable')}
      </BusyButton>
    </div>
  );
}
