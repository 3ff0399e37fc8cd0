import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RepeatOrderResponse } from '../../../../shared/schemas/payments';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { useMethodName, useMoney } from './TransactionFormat';

type Offer = NonNullable<RepeatOrderResponse['offer']>;

/**
 * The recurring card failure screen: a repeat order charged on the saved card (or other mandate) came back failed.
 * The member can try the same charge again or pay the same bundle with PayPal.
 */
export function RecurringFailure({
  offer,
  failures,
  retrying,
  error,
  onRetry,
}: {
  offer: Offer;
  /** how many attempts failed so far (from the second on, the text says so) */
  failures: number;
  retrying: boolean;
  error: unknown;
  onRetry: () => void;
}) {
  const { t } = useTranslation('transactions');
  const money = useMoney();
  const methodName = useMethodName();
  const amount = money(offer.bundle.amount, offer.bundle.currency);
  return (
    <section
      className="recurring-failure"
      data-testid="recurring-failure"
      aria-labelledby="recurring-failure-title"
    >
      <div className="recurring-failure-icon" aria-hidden="true">
        <i className="bi bi-credit-card-2-front" />
        <i className="bi bi-x-circle-fill recurring-failure-mark" />
      </div>
      <h2 className="h4 fw-semibold" id="recurring-failure-title">
        {t('recurring.title')}
      </h2>
      <p className="text-body-secondary">
        {t('recurring.text', { amount, method: methodName(offer.method) })}
      </p>
      {failures > 1 && (
        <p className="recurring-failure-again" role="alert" data-testid="recurring-again">
          <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
          {t('recurring.again')}
        </p>
      )}
      <FormAlert error={error} />
      <div className="recurring-failure-actions">
        <BusyButton
          busy={retrying}
          className="btn btn-outline-primary rounded-pill px-4"
          onClick={onRetry}
          data-testid="recurring-retry"
        >
          {!retrying && <i className="bi bi-arrow-repeat me-2" aria-hidden="true" />}
          {t('recurring.retry')}
        </BusyButton>
        <Link
          to={`/credits/${offer.bundle.id}/paypal`}
          className="btn btn-primary rounded-pill px-4"
          data-testid="recurring-paypal"
        >
          <i className="bi bi-paypal me-2" aria-hidden="true" />
          {t('recurring.paypal')}
        </Link>
      </div>
      <Link
        to={`/credits/${offer.bundle.id}`}
        className="small d-inline-block mt-3"
        data-testid="recurring-other"
      >
        {t('recurring.other')}
      </Link>
    </section>
  );
}
