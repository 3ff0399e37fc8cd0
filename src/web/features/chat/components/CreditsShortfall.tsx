import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * Told before sending (issue 27, points 5 and 6): the member's credits do not cover a message (or a gift), what it
 * costs against the balance, that nothing typed is lost, and the way to credits.
 */
export function CreditsShortfall({
  what,
  cost,
  balance,
  className = '',
  testId,
}: {
  what: 'message' | 'gift';
  cost: number;
  balance: number;
  className?: string;
  testId: string;
}) {
  const { t } = useTranslation('chat');
  return (
    <div
      className={`chat-shortfall alert alert-warning d-flex align-items-start gap-2 py-2 mb-0 ${className}`.trim()}
      role="status"
      data-testid={testId}
    >
      <i className="bi bi-coin fs-5 lh-1 mt-1" aria-hidden="true" />
      <div className="flex-grow-1 min-w-0 small">
        <p className="mb-1">
          <strong>{t('errors.insufficient_credits')}</strong>{' '}
          {t(`shortfall.${what}`, {
            cost: t('credits.amount', { count: cost }),
            balance: t('credits.amount', { count: Math.max(0, balance) }),
          })}
        </p>
        {/* Phones keep the footer short: the kept message itself shows that nothing is lost. */}
        {what === 'message' && (
          <p className="mb-0 text-body-secondary d-none d-sm-block">{t('shortfall.kept')}</p>
        )}
      </div>
      <Link
        to="/credits"
        className="btn btn-primary btn-sm rounded-pill text-nowrap flex-shrink-0"
        data-testid={`${testId}-buy`}
      >
        {t('errors.buy_credits')}
      </Link>
    </div>
  );
}
