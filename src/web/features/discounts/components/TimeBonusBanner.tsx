import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRouteName } from '../../../app/route-name';
import { useBannerTurn } from '../../../components/ui/banner-slot';
import { useCurrentUser } from '../../auth/api/session';
import { useUiLocale } from '../../payments/components/BundleParts';
import { formatCountdown, formatPercentage } from '../format';
import { useTimeBonus } from '../hooks/use-time-bonus';
import { isMembersArea } from '../members-area';

/**
 * The time-bonus banner under the top bar (default layout): for a signed-in member in the members area while the
 * bonus runs, "Welcome bonus: 25% off your first credits — ends in 3:59:12", linking to the credits page.
 */
export function TimeBonusBanner() {
  const { t } = useTranslation('discounts');
  const locale = useUiLocale();
  const user = useCurrentUser();
  const routeName = useRouteName();
  const bonus = useTimeBonus();
  const turn = useBannerTurn('time-bonus', Boolean(user) && isMembersArea(routeName) && bonus.visible);
  if (!turn) return null;
  return (
    <div className="time-bonus-banner" data-testid="time-bonus-banner">
      <div className="container-lg">
        <Link to="/credits" className="time-bonus-banner-link" data-testid="time-bonus-banner-link">
          <i className="bi bi-gift-fill time-bonus-banner-icon" aria-hidden="true" />
          <span className="time-bonus-banner-text">
            <strong>{t('banner.lead')}</strong>{' '}
            {t('banner.offer', { percentage: formatPercentage(bonus.percentage, locale) })}
          </span>
          <span className="time-bonus-banner-timer" role="timer" data-testid="time-bonus-banner-timer">
            {t('banner.ends_in', { time: formatCountdown(bonus.secondsLeft) })}
          </span>
          <i className="bi bi-chevron-right time-bonus-banner-chevron" aria-hidden="true" />
        </Link>
      </div>
    </div>
  );
}
