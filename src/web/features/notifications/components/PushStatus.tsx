import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../../components/ui/BusyButton';
import { usePushState } from '../../push/push-state';
import { notificationsQuery } from '../api/notifications';
import { useEnablePush } from '../hooks/use-enable-push';

/**
 * The push state of this browser on /notifications: on; off with a button to turn it on; blocked (how to allow it
 * again); not supported; or, on iPhone and iPad outside the home-screen app, to add the app to the home screen first.
 * `subscriptions`: how many browsers of the member hold a subscription (from GET notifications.php).
 */
export function PushStatus({ subscriptions }: { subscriptions: number }) {
  const { t } = useTranslation('notifications');
  const queryClient = useQueryClient();
  const push = usePushState();
  const { enable, busy, outcome, available } = useEnablePush(
    () => void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  );

  let state:
    | 'subscribed'
    | 'not_subscribed'
    | 'denied'
    | 'unsupported'
    | 'ios_home_screen'
    | 'unavailable'
    | null;
  if (!available) state = 'unavailable';
  else if (push.capability === 'ios-home-screen') state = 'ios_home_screen';
  else if (push.capability === 'unsupported') state = 'unsupported';
  else if (push.capability === 'denied') state = 'denied';
  else if (push.subscribed === null) state = null;
  else state = push.subscribed ? 'subscribed' : 'not_subscribed';

  const icon =
    state === 'subscribed'
      ? 'bi-bell-fill text-success'
      : state === 'denied'
        ? 'bi-bell-slash text-danger-emphasis'
        : 'bi-bell text-body-secondary';
  return (
    <div
      className="push-status rounded-3 bg-body-tertiary p-3 mb-3"
      data-testid="push-status"
      data-state={state ?? ''}
    >
      <h3 className="h6 fw-semibold mb-1">
        <i className={`bi ${icon} me-2`} aria-hidden="true" />
        {t('push.title')}
      </h3>
      <div className="small" role="status">
        {state === null ? (
          <>
            <span className="spinner-border spinner-border-sm text-primary" aria-hidden="true" />
            <span className="visually-hidden">{t('common:loading')}</span>
          </>
        ) : (
          <p className="mb-0" data-testid={`push-status-${state}`}>
            {t(`push.${state}`)}
          </p>
        )}
        {state === 'not_subscribed' && outcome && (
          <p className="mb-0 mt-1 text-danger-emphasis" data-testid={`push-outcome-${outcome}`}>
            {t(`push.${outcome}`)}
          </p>
        )}
        {subscriptions > 0 && (
          <p className="mb-0 mt-1 text-body-secondary" data-testid="push-devices">
            {t('push.devices', { count: subscriptions })}
          </p>
        )}
      </div>
      {state === 'not_subscribed' && (
        <BusyButton
          type="button"
          className="btn btn-sm btn-primary rounded-pill px-3 mt-2"
          busy={busy}
          onClick={() => void enable()}
          data-testid="push-enable"
        >
          {t('push.enable')}
        </BusyButton>
      )}
    </div>
  );
}
