import { useTranslation } from 'react-i18next';
import type { Payment } from '../../../../shared/schemas/payments';
import { useDateTime, useMoney } from './TransactionFormat';

/**
 * Under a purchase in /transactions: the withdrawal function while the withdrawal period runs ("Withdraw from
 * contract here", until when), or the withdrawal made (when, the refund and whether it is on its way).
 */
export function TransactionWithdrawal({
  payment,
  onWithdraw,
}: {
  payment: Payment;
  onWithdraw?: ((paymentId: number) => void) | undefined;
}) {
  const { t } = useTranslation('transactions');
  const dateTime = useDateTime();
  const money = useMoney();
  const w = payment.withdrawal;
  if (w) {
    const refund = money(w.refund, payment.currency);
    return (
      <div className="transaction-withdraw" data-testid="transaction-withdrawn">
        <i className="bi bi-arrow-counterclockwise" aria-hidden="true" />
        <span>
          {t('withdraw.withdrawn_on', { date: dateTime(w.requested_at) })}{' '}
          {w.status === 'refunded'
            ? t('withdraw.refunded', { amount: refund })
            : w.status === 'refund_pending'
              ? t('withdraw.refund_pending', { amount: refund })
              : t('withdraw.nothing_to_refund')}
        </span>
      </div>
    );
  }
  if (!payment.withdraw_until || !onWithdraw) return null;
  return (
    <div className="transaction-withdraw">
      <button
        type="button"
        className="btn btn-sm btn-outline-dark rounded-pill"
        onClick={() => onWithdraw(payment.id)}
        data-testid="transaction-withdraw"
      >
        {t('withdraw.button')}
      </button>
      <span className="text-body-secondary small">
        {t('withdraw.until', { date: dateTime(payment.withdraw_until) })}
      </span>
    </div>
  );
}
