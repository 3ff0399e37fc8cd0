import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { Payment } from '../../../../shared/schemas/payments';
import { BusyButton } from '../../../components/ui/BusyButton';
import { ApiError } from '../../../lib/http';
import { withdrawalQuoteQuery, withdrawFromPurchase } from '../api/payments';
import { useDateTime, useMoney } from './TransactionFormat';

/**
 * The confirmation step of the withdrawal function (issue 23, point 3): what withdrawing from this purchase gives
 * back, as the server computes it (unspent credits taken back, their share of the price refunded), then "Confirm
 * withdrawal". Afterwards it says when the withdrawal was received and that a confirmation mail is on its way.
 */
export function WithdrawalDialog({ paymentId, onClose }: { paymentId: number; onClose: () => void }) {
  const { t } = useTranslation('transactions');
  const titleId = useId();
  const money = useMoney();
  const dateTime = useDateTime();
  const queryClient = useQueryClient();
  const quote = useQuery(withdrawalQuoteQuery(paymentId));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<Payment | null>(null);

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const { payment } = await withdrawFromPurchase(paymentId);
      setDone(payment);
      void queryClient.invalidateQueries({ queryKey: ['transactions'] });
      void queryClient.invalidateQueries({ queryKey: ['user'] });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('withdraw.error'));
      void quote.refetch();
    } finally {
      setBusy(false);
    }
  };

  const q = quote.data;
  let body: ReactNode;
  if (done?.withdrawal) {
    body = (
      <div data-testid="withdrawal-done">
        <p className="fw-semibold mb-2">
          <i className="bi bi-check-circle-fill text-success me-2" aria-hidden="true" />
          {t('withdraw.done_title')}
        </p>
        <p className="mb-2">{t('withdraw.done_text', { date: dateTime(done.withdrawal.requested_at) })}</p>
        <p className="mb-0">
          {done.withdrawal.refund > 0
            ? t('withdraw.done_refund', { amount: money(done.withdrawal.refund, done.currency) })
            : t('withdraw.done_no_refund')}
        </p>
      </div>
    );
  } else if (!q) {
    body = quote.isError ? (
      <p className="text-danger mb-0" role="alert">
        {quote.error instanceof ApiError ? quote.error.message : t('withdraw.load_error')}
      </p>
    ) : (
      <div className="d-flex justify-content-center py-3" role="status">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('loading')}</span>
      </div>
    );
  } else if (q.refusal) {
    body = (
      <p className="mb-0" data-testid="withdrawal-refused">
        {t(`withdraw.refused.${q.refusal}`, { date: q.until ? dateTime(q.until) : '' })}
      </p>
    );
  } else {
    body = (
      <div data-testid="withdrawal-quote">
        <p>{t('withdraw.intro', { date: q.until ? dateTime(q.until) : '' })}</p>
        <dl className="withdrawal-figures">
          <dt>{t('withdraw.purchase')}</dt>
          <dd>
            {t('credits', { count: q.credits })} · {money(q.amount, q.currency)}
          </dd>
          <dt>{t('withdraw.used')}</dt>
          <dd>{t('credits', { count: q.credits_used })}</dd>
          <dt>{t('withdraw.taken_back')}</dt>
          <dd data-testid="withdrawal-credits">{t('credits', { count: q.credits_unspent })}</dd>
          <dt>{t('withdraw.refund')}</dt>
          <dd className="fw-semibold" data-testid="withdrawal-refund">
            {money(q.refund, q.currency)}
          </dd>
        </dl>
        <p className="small text-body-secondary mb-2">
          {q.immediate_start ? t('withdraw.rule_used') : t('withdraw.rule_full')}
        </p>
        {q.premium_ends && <p className="small text-body-secondary mb-0">{t('withdraw.premium_ends')}</p>}
      </div>
    );
  }

  const canConfirm = q !== undefined && q.refusal === null && !done;
  return (
    <Modal show onHide={onClose} centered aria-labelledby={titleId} data-testid="withdrawal-dialog">
      <Modal.Header closeButton closeLabel={t('withdraw.close')}>
        <Modal.Title id={titleId} as="h2" className="h5 fw-semibold">
          {t('withdraw.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {body}
        {error && (
          <p className="alert alert-danger mt-3 mb-0" role="alert" data-testid="withdrawal-error">
            {error}
          </p>
        )}
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-outline-secondary rounded-pill" onClick={onClose}>
          {done || !canConfirm ? t('withdraw.close') : t('withdraw.cancel')}
        </button>
        {canConfirm && (
          <BusyButton
            busy={busy}
            className="btn btn-danger rounded-pill"
            onClick={() => void confirm()}
            data-testid="withdrawal-confirm"
          >
            {t('withdraw.confirm')}
          </BusyButton>
        )}
      </Modal.Footer>
    </Modal>
  );
}
