import { useTranslation } from 'react-i18next';
import { WITHDRAWAL_RULES } from '../../../../shared/rules';
import { useSettings } from '../../site/api/settings';

/**
 * The statement right above a pay button by which paying is the member's express request that the service starts at
 * once (issue 23, point 3; CJEU C-641/19): the same text as checkout (its version is RULES.withdrawal
 * .immediateStartVersion), on the repeat order, the direct-debit confirmation and the trial offer. The caller sends
 * `immediate_start: true` with the payment it starts.
 */
export function ImmediateStartNote({ className = 'checkout-immediate-start' }: { className?: string }) {
  const { t } = useTranslation('payments');
  const settings = useSettings();
  return (
    <p className={className} data-testid="immediate-start-note">
      <i className="bi bi-info-circle me-1" aria-hidden="true" />
      {t('checkout.immediate_start', { site: settings.name, days: WITHDRAWAL_RULES.days })}
    </p>
  );
}
