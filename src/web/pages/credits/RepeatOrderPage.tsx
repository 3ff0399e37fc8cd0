import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Payment } from '../../../shared/schemas/payments';
import { isBuilt } from '../../app/built-routes';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { placeRepeatOrder, repeatOrderQuery, transactionQuery } from '../../features/payments/api/payments';
import { ImmediateStartNote } from '../../features/payments/components/ImmediateStartNote';
import { RecurringFailure } from '../../features/payments/components/RecurringFailure';
import { RepeatOrderOffer } from '../../features/payments/components/RepeatOrderOffer';
import { FAILED_STATUSES, useMoney } from '../../features/payments/components/TransactionFormat';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/**
 * /credits/repeat-order: the member's last bundle again, charged on the saved mandate, in one confirmed step. A paid
 * or pending charge goes on to its status page; a failed one shows the recurring failure screen in place.
 */
export function RepeatOrderPage() {
  const { t } = useTranslation('transactions');
  const settings = useSettings();
  useHead({ title: t('repeat.title'), siteName: settings.name });
  const user = useCurrentUser();
  const money = useMoney();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const offerQuery = useQuery(repeatOrderQuery());
  const [failures, setFailures] = useState(0);

  const order = useMutation({
    mutationFn: placeRepeatOrder,
    onSuccess: ({ payment }: { payment: Payment }) => {
      queryClient.setQueryData(transactionQuery(payment.id).queryKey, { payment });
      void queryClient.invalidateQueries({ queryKey: ['transactions'], exact: true });
      if (FAILED_STATUSES.includes(payment.status)) {
        setFailures((n) => n + 1);
        return;
      }
      navigate(`/transactions/${payment.id}`);
    },
  });
  const buy = () => {
    if (!order.isPending) order.mutate();
  };

  const offer = offerQuery.data?.offer;
  let body: ReactNode;
  if (!offerQuery.data && offerQuery.isError) {
    body = (
      <div className="text-center py-5" role="alert" data-testid="repeat-order-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('repeat.load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void offerQuery.refetch()}
          busy={offerQuery.isFetching}
          label={t('retry')}
        />
      </div>
    );
  } else if (!offerQuery.data) {
    body = (
      <div className="d-flex justify-content-center py-5" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('repeat.loading')}</span>
      </div>
    );
  } else if (!offer) {
    body = (
      <section className="repeat-none" data-testid="repeat-order-none">
        <div className="transactions-empty-icon" aria-hidden="true">
          <i className="bi bi-arrow-repeat" />
        </div>
        <h2 className="h5 fw-semibold">{t('repeat.none_title')}</h2>
        <p className="text-body-secondary">{t('repeat.none_text')}</p>
        {isBuilt('credits') && (
          <Link
            to="/credits"
            className="btn btn-primary rounded-pill px-4"
            data-testid="repeat-order-credits-link"
          >
            {t('repeat.none_action')}
          </Link>
        )}
      </section>
    );
  } else if (failures > 0) {
    body = (
      <RecurringFailure
        offer={offer}
        failures={failures}
        retrying={order.isPending}
        error={order.error}
        onRetry={buy}
      />
    );
  } else {
    body = (
      <>
        <RepeatOrderOffer offer={offer} balance={user?.credits}>
          <FormAlert error={order.error} />
          <ImmediateStartNote />
          <BusyButton
            busy={order.isPending}
            className="btn btn-primary btn-lg rounded-pill w-100"
            onClick={buy}
            data-testid="repeat-order-buy"
          >
            {!order.isPending && <i className="bi bi-lightning-charge-fill me-2" aria-hidden="true" />}
            {t('repeat.buy')}
          </BusyButton>
          <p className="repeat-offer-consent">
            {t('repeat.consent', { amount: money(offer.bundle.amount, offer.bundle.currency) })}
          </p>
        </RepeatOrderOffer>
        {isBuilt('credits') && (
          <p className="text-center mt-3 mb-0">
            <Link to="/credits" className="small" data-testid="repeat-order-other">
              {t('repeat.other_bundle')}
            </Link>
          </p>
        )}
      </>
    );
  }

  return (
    <div className="container-lg py-4 py-md-5" data-testid="repeat-order-page">
      <div className="repeat-order">
        <header className="repeat-order-header">
          <h1 className="h3 fw-semibold mb-1">{t('repeat.title')}</h1>
          {offer && failures === 0 && <p className="text-body-secondary mb-0">{t('repeat.intro')}</p>}
        </header>
        {body}
      </div>
    </div>
  );
}
