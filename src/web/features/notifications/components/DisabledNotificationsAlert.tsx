import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteName } from '../../../app/route-name';
import { useBannerTurn } from '../../../components/ui/banner-slot';
import { dismiss, dismissedAt, storedGet, storedRemove, storedSet, undismiss } from '../../../lib/stored';
import { useCurrentUser } from '../../auth/api/session';
import { MailDisabledReasons, mailDisabledReasons } from '../mail-disabled';

/** The reasons that were shown when the alert was dismissed (next to the dismissal's timestamp). */
const DISMISSED_REASONS_KEY = 'dismissed.notifications_alert.reasons';

interface Dismissal {
  at: number;
  reasons: readonly string[];
}

function readDismissal(): Dismissal | null {
  const at = dismissedAt('notifications_alert');
  if (at === undefined) return null;
  const reasons = storedGet<unknown>(DISMISSED_REASONS_KEY);
  return {
    at,
    reasons: Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : [],
  };
}

/** Shown while there are reasons, unless dismissed when exactly these (or more) reasons were known. */
export function shouldShowDisabledNotificationsAlert(
  reasons: readonly string[],
  dismissal: Dismissal | null,
  routeName: string,
): boolean {
  // /notifications shows the reasons in full, with the button to turn e-mail back on.
  if (reasons.length === 0 || routeName === 'notifications') return false;
  return dismissal === null || reasons.some((r) => !dismissal.reasons.includes(r));
}

/**
 * The disabled-notifications alert under the top bar (default layout): the member's e-mail notifications were turned
 * off (the user call's notifications_disabled: spam complaint, bounce, unsubscribe), why in plain words, and a link
 * to /notifications. Dismissing it stores a timestamp and the reasons then known; a new reason shows it again, and
 * once e-mail is back on the dismissal is forgotten, so a later stop shows it too.
 */
export function DisabledNotificationsAlert() {
  const { t } = useTranslation('notifications');
  const user = useCurrentUser();
  const routeName = useRouteName();
  const [dismissal, setDismissal] = useState(readDismissal);
  const reasons = user?.notifications_disabled ?? [];
  const mailOn = Boolean(user) && reasons.length === 0;

  useEffect(() => {
    if (!mailOn || dismissal === null) return;
    undismiss('notifications_alert');
    storedRemove(DISMISSED_REASONS_KEY);
    setDismissal(null);
  }, [mailOn, dismissal]);

  const turn = useBannerTurn(
    'disabled-notifications',
    Boolean(user) && shouldShowDisabledNotificationsAlert(reasons, dismissal, routeName),
  );
  if (!turn) return null;
  return (
    <div
      className="disabled-notifications-alert alert alert-warning rounded-0 border-0 mb-0 py-2"
      role="status"
      data-testid="disabled-notifications-alert"
    >
      <div className="container-lg d-flex align-items-start gap-2 small">
        <i className="bi bi-envelope-slash fs-5" aria-hidden="true" />
        <div className="flex-grow-1">
          <strong className="d-block mb-1">{t('mail_disabled.title')}</strong>
          <MailDisabledReasons reasons={mailDisabledReasons(reasons)} />
          <Link
            to="/notifications"
            className="fw-semibold link-dark"
            data-testid="disabled-notifications-link"
          >
            {t('banner.settings')}
          </Link>
        </div>
        <button
          type="button"
          className="btn-close"
          aria-label={t('banner.dismiss')}
          onClick={() => {
            const at = Date.now();
            dismiss('notifications_alert', at);
            storedSet(DISMISSED_REASONS_KEY, reasons);
            setDismissal({ at, reasons });
          }}
          data-testid="disabled-notifications-dismiss"
        />
      </div>
    </div>
  );
}
