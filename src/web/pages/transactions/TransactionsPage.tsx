import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isBuilt } from '../../app/built-routes';
import { RetryButton } from '../../components/ui/RetryButton';
import { transactionsQuery } from '../../features/payments/api/payments';
import { PaymentStatusPanel } from '../../features/payments/components/PaymentStatusPanel';
import { TransactionList } from '../../features/payments/components/TransactionList';
import { WithdrawalDialog } from '../../features/payments/components/WithdrawalDialog';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { NotFoundPage } from '../error/RouteError';

/** /transactions: the member's payments; /transactions/:id: one payment's status (the provider returns here). */
export function TransactionsPage() {
  const { id } = useParams();
  if (id === undefined) return <TransactionsScreen />;
  if (!/^[1-9]\d{0,11}$/.test(id)) return <NotFoundPage />;
  return <PaymentScreen key={id} id={Number(id)} />;
}

function PaymentScreen({ id }: { id: number }) {
  const { t } = useTranslation('transactions');
  const settings = useSettings();
  useHead({ title: t('payment.title'), siteName: settings.name });
  return (
    <div className="container-lg py-4 py-md-5 payment-status-page" data-testid="payment-page">
      <PaymentStatusPanel id={id} />
    </div>
  );
}

function TransactionsScreen() {
  const { t } = useTranslation('transactions');
  const settings = useSettings();
  const payments = useQuery(transactionsQuery());
  // The withdrawal's confirmation step: from a row's button, or the purchase mail's link (?withdraw=<payment id>).
  const [search, setSearch] = useSearchParams();
  const asked = search.get('withdraw');
  const withdrawing = asked && /^[1-9]\d{0,11}$/.test(asked) ? Number(asked) : null;
  const openWithdrawal = (id: number) => setSearch({ withdraw: String(id) });
  const closeWithdrawal = () => setSearch({}, { replace: true });
  useHead({ title: t('title'), siteName: settings.name });

  let body: ReactNode;
  if (!payments.data && payments.isError) {
    body = (
      <div className="text-center py-5" role="alert" data-testid="transactions-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void payments.refetch()}
          busy={payments.isFetching}
          label={t('retry')}
          testId="transactions-retry"
        />
      </div>
    );
  } else if (!payments.data) {
    body = (
      <div className="d-flex justify-content-center py-5" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  } else if (payments.data.payments.length === 0) {
    body = (
      <div className="transactions-empty text-center" data-testid="transactions-empty">
        <div className="transactions-empty-icon" aria-hidden="true">
          <i className="bi bi-receipt" />
        </div>
        <h2 className="h5 fw-semibold">{t('empty.title')}</h2>
        <p className="text-body-secondary mx-auto mb-4">{t('empty.text')}</p>
        {isBuilt('credits') && (
          <Link to="/credits" className="btn btn-primary rounded-pill px-4">
            {t('empty.action')}
          </Link>
        )}
      </div>
    );
  } else {
    body = <TransactionList payments={payments.data.payments} onWithdraw={openWithdrawal} />;
  }

  return (
    <div className="container-lg py-4 py-md-5 transactions-page" data-testid="transactions-page">
      <header className="transactions-header">
        <div>
          <h1 className="h3 fw-semibold mb-1">{t('title')}</h1>
          <p className="text-body-secondary mb-0">{t('intro')}</p>
        </div>
        {isBuilt('credits') && payments.data && payments.data.payments.length > 0 && (
          <Link to="/credits" className="btn btn-outline-primary rounded-pill px-3 text-nowrap">
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            {t('buy_credits')}
          </Link>
        )}
      </header>
      {body}
      {withdrawing !== null && <WithdrawalDialog paymentId={withdrawing} onClose={closeWithdrawal} />}
    </div>
  );
}
