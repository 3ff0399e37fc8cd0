import { useEffect, useId, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RULES } from '../../../../shared/rules';
import { useRouteName } from '../../../app/route-name';
import { dismiss, dismissedAt } from '../../../lib/stored';
import { useCurrentUser } from '../../auth/api/session';
import { useUiLocale } from '../../payments/components/BundleParts';
import { formatCountdown, formatPercentage } from '../format';
import { useTimeBonus } from '../hooks/use-time-bonus';
import { isMembersArea } from '../members-area';

const WINDOW_HOURS = Math.round(RULES.timeBonus.windowSeconds / 3600);

/**
 * The time-bonus popup (default layout). It opens RULES.timeBonus.popupDelayMs (40 s) after entering the members
 * area when the member has 0 credits, the bonus runs and the popup was not dismissed before; leaving the area
 * cancels the wait (coming back starts it again). Closing it, or going to the credits, is a dismissal that lasts.
 */
export function TimeBonusPopup() {
  const { t } = useTranslation('discounts');
  const locale = useUiLocale();
  const titleId = useId();
  const user = useCurrentUser();
  const routeName = useRouteName();
  const bonus = useTimeBonus();
  const inArea = Boolean(user) && isMembersArea(routeName);
  const [dismissed, setDismissed] = useState(() => dismissedAt('time_bonus_popup') !== undefined);
  const [open, setOpen] = useState(false);
  const wanted = inArea && user?.credits === 0 && bonus.visible && !dismissed;
  // When the member entered the members area (moving between its pages is staying in it).
  const enteredAt = useRef<number | null>(null);

  useEffect(() => {
    if (!inArea) {
      enteredAt.current = null;
      setOpen(false);
      return;
    }
    enteredAt.current ??= Date.now();
    if (!wanted) return;
    const wait = Math.max(0, enteredAt.current + RULES.timeBonus.popupDelayMs - Date.now());
    const timer = setTimeout(() => setOpen(true), wait);
    return () => clearTimeout(timer);
  }, [inArea, wanted]);

  const close = () => {
    dismiss('time_bonus_popup');
    setDismissed(true);
    setOpen(false);
  };
  const percentage = formatPercentage(bonus.percentage, locale);

  return (
    <Modal
      show={open && inArea && bonus.visible}
      onHide={close}
      centered
      aria-labelledby={titleId}
      contentClassName="time-bonus-modal"
      data-testid="time-bonus-popup"
    >
      <Modal.Header
        closeButton
        closeLabel={t('popup.close')}
        closeVariant="white"
        className="time-bonus-modal-head"
      >
        <div className="time-bonus-modal-heading">
          <span className="time-bonus-modal-icon" aria-hidden="true">
            <i className="bi bi-gift-fill" />
          </span>
          <p className="time-bonus-modal-kicker">{t('popup.kicker')}</p>
          <h2 className="time-bonus-modal-title" id={titleId}>
            {t('popup.title')}
          </h2>
        </div>
      </Modal.Header>
      <Modal.Body className="time-bonus-modal-body">
        <p className="time-bonus-modal-unlock">{t('popup.unlock', { percentage })}</p>
        <div className="time-bonus-modal-timer">
          <span className="time-bonus-modal-timer-label">{t('popup.valid_for')}</span>
          <span className="time-bonus-modal-timer-value" role="timer" data-testid="time-bonus-popup-timer">
            {formatCountdown(bonus.secondsLeft)}
          </span>
        </div>
        <ul className="time-bonus-modal-points">
          <li>
            <i className="bi bi-lightning-charge-fill" aria-hidden="true" />
            {t('popup.instant')}
          </li>
          <li>
            <i className="bi bi-hourglass-split" aria-hidden="true" />
            {t('popup.act_fast', { count: WINDOW_HOURS })}
          </li>
        </ul>
        <div className="d-grid gap-2">
          <Link
            to="/credits"
            className="btn btn-primary btn-lg rounded-pill"
            onClick={close}
            data-testid="time-bonus-popup-cta"
          >
            {t('popup.cta')}
          </Link>
          <button type="button" className="btn btn-link text-body-secondary" onClick={close}>
            {t('popup.later')}
          </button>
        </div>
      </Modal.Body>
    </Modal>
  );
}
