import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Payment } from '../../../../shared/schemas/payments';
import { TransactionMethod, useDateTime, useMoney } from './TransactionFormat';
import { TransactionStatusBadge } from './TransactionStatusBadge';
import { TransactionWithdrawal } from './TransactionWithdrawal';

/**
 * The member's payments, newest first: one row per payment linking to its status page. A table-like grid with a
 * header on wide screens; two lines per payment on a phone.
 */
export function TransactionList({
  payments,
  onWithdraw,
}: {
  payments: Payment[];
  /** opens the withdrawal's confirmation step for a purchase (rows within the withdrawal period offer it) */
  onWithdraw?: (paymentId: number) => void;
}) {
  const { t } = useTranslation('transactions');
  const money = useMoney();
  const dateTime = useDateTime();
  return (
    <div className="transaction-list card border-0 shadow-sm">
      <div className="transaction-grid transaction-head" aria-hidden="true">
        <span>{t('columns.date')}</span>
        <span>{t('columns.bundle')}</span>
        <span>{t('columns.method')}</span>
        <span className="text-end">{t('columns.amount')}</span>
        <span>{t('columns.status')}</span>
        <span />
      </div>
      <ul className="list-unstyled m-0">
        {payments.map((p) => (
          <li key={p.id} data-testid="transaction-row" data-status={p.status}>
            <Link to={`/transactions/${p.id}`} className="transaction-grid transaction-row">
              <span className="transaction-date">
                <time dateTime={p.created_at}>{dateTime(p.created_at)}</time>
              </span>
              <span className="transaction-credits">
                <i className="bi bi-coin" aria-hidden="true" />
                {t('credits', { count: p.credits })}
              </span>
              <TransactionMethod method={p.method} className="transaction-row-method" />
              <span className="transaction-amount">{money(p.amount, p.currency)}</span>
              <span className="transaction-row-status">
                <TransactionStatusBadge status={p.status} />
              </span>
              <i className="bi bi-chevron-right transaction-chevron" aria-hidden="true" />
            </Link>
            <TransactionWithdrawal payment={p} onWithdraw={onWithdraw} />
          </li>
        ))}
      </ul>
    </div>
  );
}
