import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '../../../../shared/schemas/payments';
import { isBuilt, memberHome } from '../../../app/built-routes';
import { RetryButton } from '../../../components/ui/RetryButton';
import { ApiError } from '../../../lib/http';
import { userQuery } from '../../auth/api/session';
import { transactionQuery } from '../api/payments';
import {
  FAILED_STATUSES,
  isProcessing,
  REVERSED_STATUSES,
  TransactionMethod,
  useDateTime,
  useMoney,
} from './TransactionFormat';
import { TransactionStatusBadge } from './TransactionStatusBadge';

/** How the status page polls a payment that is still being processed (tests shorten it). */
export const paymentPolling = { intervalMs: 2_000, maxMs: 10 * 60_000 };

type Phase = 'processing' | 'paid' | 'failed' | 'reversed';

function phaseOf(p: Payment): Phase {
  if (p.status === 'paid') return 'paid';
  if (FAILED_STATUSES.includes(p.status)) return 'failed';
  if (REVERSED_STATUSES.includes(p.status)) return 'reversed';
  return 'processing';
}

/**
 * The status of one payment (/transactions/:id, where the provider sends the member back): polled every 2 s while
 * it is being processed, for at most 10 minutes, then a manual "check again". Once paid, the current user is
 * reloaded so the top bar shows Credits and the new balance at once.
 */
export function PaymentStatusPanel({ id }: { id: number }) {
  const { t } = useTranslation('transactions');
  const queryClient = useQueryClient();
  const [stalled, setStalled] = useState(false);
  const query = useQuery({
    ...transactionQuery(id),
    refetchInterval: (q) => {
      const p = q.state.data?.payment;
      if (stalled || !p || !isProcessing(p)) return false;
      return paymentPolling.intervalMs;
    },
  });
  const payment = query.data?.payment;
  const processing = payment ? isProcessing(payment) : false;

  // Polling stops after a while; the member can then check again by hand (which polls for another while).
  useEffect(() => {
    if (!processing || stalled) return;
    const timer = setTimeout(() => setStalled(true), paymentPolling.maxMs);
    return () => clearTimeout(timer);
  }, [processing, stalled]);

  // A settled payment changes the balance, the premium state, the list and what a repeat order would buy.
  const settledAs = useRef<string | null>(null);
  const status = payment?.status;
  useEffect(() => {
    if (!status || isProcessing({ status }) || settledAs.current === status) return;
    settledAs.current = status;
    if (status === 'paid' || REVERSED_STATUSES.includes(status))
      void queryClient.invalidateQueries({ queryKey: userQuery.queryKey });
    void queryClient.invalidateQueries({ queryKey: ['transactions'], exact: true });
    void queryClient.invalidateQueries({ queryKey: ['repeat-order'] });
  }, [status, queryClient]);

  if (!payment) {
    if (query.error instanceof ApiError && query.error.status === 404) {
      return (
        <StatusCard tone="failed" icon="search" testId="payment-not-found">
          <h1 className="h4 fw-semibold">{t('payment.not_found_title')}</h1>
          <p className="text-body-secondary">{t('payment.not_found_text')}</p>
          <BackToList />
        </StatusCard>
      );
    }
    if (query.isError) {
      return (
        <StatusCard tone="failed" icon="wifi-off" testId="payment-error">
          <p role="alert">{t('payment.load_error')}</p>
          <RetryButton
            variant="pill"
            onRetry={() => void query.refetch()}
            busy={query.isFetching}
            label={t('retry')}
          />
        </StatusCard>
      );
    }
    return (
      <div className="d-flex justify-content-center py-5" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  }

  const phase = phaseOf(payment);
  return (
    <div className="payment-status-wrap" data-testid="payment-status" data-status={payment.status}>
      {/* Announces the status as it changes while the page polls. */}
      <p className="visually-hidden" role="status">
        {t(`status.${payment.status}`)}
      </p>
      {phase === 'processing' && (
        <Processing
          payment={payment}
          stalled={stalled}
          checking={query.isFetching}
          onRefresh={() => {
            setStalled(false);
            void query.refetch();
          }}
        />
      )}
      {phase === 'paid' && <Paid payment={payment} />}
      {phase === 'failed' && <Failed payment={payment} />}
      {phase === 'reversed' && <Reversed payment={payment} />}
      <Details payment={payment} />
      <div className="text-center mt-3">
        <BackToList />
      </div>
    </div>
  );
}

function StatusCard({
  tone,
  icon,
  testId,
  children,
}: {
  tone: Phase;
  icon: ReactNode;
  testId: string;
  children: ReactNode;
}) {
  return (
    <section className={`payment-status-card payment-status-${tone}`} data-testid={testId}>
      <div className="payment-status-icon" aria-hidden="true">
        {typeof icon === 'string' ? <i className={`bi bi-${icon}`} /> : icon}
      </div>
      {children}
    </section>
  );
}

function Processing({
  payment,
  stalled,
  checking,
  onRefresh,
}: {
  payment: Payment;
  stalled: boolean;
  checking: boolean;
  onRefresh: () => void;
}) {
  const { t } = useTranslation('transactions');
  const canContinue = payment.status === 'open' && payment.checkout_url;
  return (
    <StatusCard
      tone="processing"
      icon={<span className="spinner-border payment-status-spinner" />}
      testId="payment-processing"
    >
      <h1 className="h4 fw-semibold">{t('payment.processing_title')}</h1>
      {stalled ? (
        <>
          <p className="text-body-secondary">{t('payment.stalled')}</p>
          <RetryButton
            variant="pill"
            onRetry={onRefresh}
            busy={checking}
            label={t('payment.refresh')}
            testId="payment-refresh"
          />
        </>
      ) : (
        <p className="text-body-secondary mb-0">{t('payment.processing_text')}</p>
      )}
      {canContinue && (
        <div className="payment-status-continue">
          <p className="small text-body-secondary mb-2">{t('payment.continue_hint')}</p>
          <a
            href={payment.checkout_url ?? undefined}
            className="btn btn-primary rounded-pill px-4"
            data-testid="payment-continue"
          >
            {t('payment.continue')}
            <i className="bi bi-box-arrow-up-right ms-2" aria-hidden="true" />
          </a>
        </div>
      )}
    </StatusCard>
  );
}

function Paid({ payment }: { payment: Payment }) {
  const { t } = useTranslation('transactions');
  const user = useQuery(userQuery);
  // The balance shows once the user has been reloaded (the cached one predates this payment).
  const [shownAt] = useState(() => Date.now());
  const balance = user.data && !user.isFetching && user.dataUpdatedAt >= shownAt ? user.data.credits : null;
  return (
    <StatusCard tone="paid" icon="check-lg" testId="payment-paid">
      <h1 className="h4 fw-semibold">{t('payment.paid_title')}</h1>
      <p className="mb-3">{t('payment.paid_text', { count: payment.credits })}</p>
      <div className="payment-balance" data-testid="payment-balance">
        <span className="payment-balance-label">{t('payment.balance')}</span>
        <span className="payment-balance-value">
          <i className="bi bi-coin" aria-hidden="true" />
          {balance === null ? (
            <span className="spinner-border spinner-border-sm" role="status">
              <span className="visually-hidden">{t('loading')}</span>
            </span>
          ) : (
            t('credits', { count: balance })
          )}
        </span>
      </div>
      <div className="mt-4">
        <Link
          to={memberHome()}
          className="btn btn-primary rounded-pill px-4 tx-action"
          data-testid="payment-continue-chat"
        >
          <i className="bi bi-chat-heart" aria-hidden="true" />
          <span>{t('payment.start_chatting')}</span>
        </Link>
      </div>
    </StatusCard>
  );
}

/**
 * A failed, cancelled or expired payment: the spec's text and another method for the same bundle. A failed repeat
 * order (a card charged on its mandate) is the spec's recurring failure: try the repeat order again, or pay with PayPal.
 */
function Failed({ payment }: { payment: Payment }) {
  const { t } = useTranslation('transactions');
  const recurring = payment.sequence_type === 'recurring';
  return (
    <StatusCard tone="failed" icon="x-lg" testId="payment-failed">
      <h1 className="h4 fw-semibold">{t('payment.failed_title')}</h1>
      <p className="fw-semibold mb-1" data-testid="payment-failed-text">
        {t('payment.failed_text')}
      </p>
      <p className="text-body-secondary">{t('payment.failed_hint')}</p>
      {recurring && (
        <div className="d-flex flex-wrap justify-content-center gap-2 mb-2" data-testid="recurring-failure">
          <Link
            to="/credits/repeat-order"
            className="btn btn-primary rounded-pill px-4 tx-action"
            data-testid="recurring-retry"
          >
            <i className="bi bi-arrow-clockwise" aria-hidden="true" />
            <span>{t('recurring.retry')}</span>
          </Link>
          <Link
            to={`/credits/${payment.bundle_id}/paypal`}
            className="btn btn-outline-primary rounded-pill px-4 tx-action"
            data-testid="recurring-paypal"
          >
            <span>{t('recurring.paypal')}</span>
          </Link>
        </div>
      )}
      {isBuilt('credits') && (
        <Link
          to={`/credits/${payment.bundle_id}`}
          className={`btn ${recurring ? 'btn-link' : 'btn-primary rounded-pill px-4'} tx-action`}
          data-testid="payment-try-another"
        >
          <i className="bi bi-arrow-repeat" aria-hidden="true" />
          <span>{t('payment.try_another')}</span>
        </Link>
      )}
    </StatusCard>
  );
}

function Reversed({ payment }: { payment: Payment }) {
  const { t } = useTranslation('transactions');
  const key = payment.status === 'charged_back' ? 'payment.charged_back_text' : 'payment.refunded_text';
  return (
    <StatusCard tone="reversed" icon="arrow-counterclockwise" testId="payment-reversed">
      <h1 className="h4 fw-semibold">{t('payment.reversed_title')}</h1>
      <p className="text-body-secondary mb-0">{t(key, { count: payment.credits_reversed })}</p>
    </StatusCard>
  );
}

function Details({ payment }: { payment: Payment }) {
  const { t } = useTranslation('transactions');
  const money = useMoney();
  const dateTime = useDateTime();
  return (
    <section className="payment-details" aria-labelledby="payment-details-title">
      <h2 className="visually-hidden" id="payment-details-title">
        {t('payment.details')}
      </h2>
      <dl className="payment-details-list">
        <div>
          <dt>{t('columns.status')}</dt>
          <dd>
            <TransactionStatusBadge status={payment.status} />
          </dd>
        </div>
        <div>
          <dt>{t('payment.bundle')}</dt>
          <dd>{t('credits', { count: payment.credits })}</dd>
        </div>
        <div>
          <dt>{t('payment.amount')}</dt>
          <dd>
            {money(payment.amount, payment.currency)}
            {payment.vat > 0 && (
              <span className="payment-details-vat">
                {t('vat', { vat: money(payment.vat, payment.currency) })}
              </span>
            )}
          </dd>
        </div>
        <div>
          <dt>{t('payment.method')}</dt>
          <dd>
            <TransactionMethod method={payment.method} />
          </dd>
        </div>
        <div>
          <dt>{payment.paid_at ? t('payment.paid_at') : t('payment.date')}</dt>
          <dd>
            <time dateTime={payment.paid_at ?? payment.created_at}>
              {dateTime(payment.paid_at ?? payment.created_at)}
            </time>
          </dd>
        </div>
        <div>
          <dt>{t('payment.reference')}</dt>
          <dd className="font-monospace">#{payment.id}</dd>
        </div>
      </dl>
    </section>
  );
}

function BackToList() {
  const { t } = useTranslation('transactions');
  return (
    <Link to="/transactions" className="btn btn-link text-decoration-none" data-testid="payment-back">
      <i className="bi bi-arrow-left me-1" aria-hidden="true" />
      {t('payment.back')}
    </Link>
  );
}
