import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { AdminCancellation, AdminWithdrawal } from '../../../shared/schemas/admin-contracts';
import type { AdminMember } from '../../../shared/schemas/admin-members';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { memberContractsQuery } from './members-api';
import { formatMoney } from './money';

/** Known values get their text; anything else (a value added later) shows as stored. */
const known = (t: (k: string) => string, key: string, value: string) => {
  const text = t(`${key}.${value}`);
  return text === `${key}.${value}` ? value : text;
};

/**
 * The member's contracts (issue 23): cancellations declared with the cancel button (what, how confirmed, from when,
 * the mandates stopped) and withdrawals with their refund's state; a refund that failed after it was made shows as
 * such with its next try.
 */
export function ContractsTab({ member }: { member: AdminMember }) {
  const { t } = useTranslation('members');
  const contracts = useQuery(memberContractsQuery(member.account.id));
  if (contracts.isPending) return <ConsoleSpinner />;
  if (contracts.isError) return <ErrorAlert error={contracts.error} ns="members" />;
  const { cancellations, withdrawals } = contracts.data;
  return (
    <>
      <h2 className="h6 mb-2">{t('contracts.cancellations')}</h2>
      {cancellations.length === 0 ? (
        <p className="text-body-secondary" data-testid="member-cancellations-none">
          {t('contracts.no_cancellations')}
        </p>
      ) : (
        <ul className="list-group small mb-4" data-testid="member-cancellations">
          {cancellations.map((c) => (
            <CancellationItem key={c.id} c={c} />
          ))}
        </ul>
      )}
      <h2 className="h6 mb-2">{t('contracts.withdrawals')}</h2>
      {withdrawals.length === 0 ? (
        <p className="text-body-secondary" data-testid="member-withdrawals-none">
          {t('contracts.no_withdrawals')}
        </p>
      ) : (
        <ul className="list-group small" data-testid="member-withdrawals">
          {withdrawals.map((w) => (
            <WithdrawalItem key={w.id} w={w} />
          ))}
        </ul>
      )}
    </>
  );
}

function CancellationItem({ c }: { c: AdminCancellation }) {
  const { t, i18n } = useTranslation('members');
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  return (
    <li className="list-group-item" data-testid={`member-cancellation-${c.id}`}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold me-auto">{known(t, 'contracts.kind', c.contract)}</span>
        <span
          className={`badge ${c.status === 'confirmed' ? 'text-bg-success' : 'text-bg-warning'}`}
          data-testid="member-cancellation-status"
        >
          {known(t, 'contracts.cancellation_status', c.status)}
        </span>
      </div>
      <div className="text-body-secondary">
        {t('contracts.received')}: {when(c.received_at)} · {c.name} · {known(t, 'contracts.via', c.via)}
      </div>
      <div>
        {t('contracts.effective')}:{' '}
        {c.effective_at
          ? when(c.effective_at)
          : c.requested_date
            ? t('contracts.requested_date', { date: c.requested_date })
            : t('contracts.next_possible')}
      </div>
      {c.reason && <div className="text-break">{t('contracts.reason', { reason: c.reason })}</div>}
      {c.link_expires_at && (
        <div className="text-body-secondary">
          {t('contracts.link_expires', { when: when(c.link_expires_at) })}
        </div>
      )}
      {c.status === 'confirmed' && (
        <div>
          {t('contracts.mandates', { count: c.mandates.length })}
          {c.mandates.map((m) => (
            <div key={`${m.method}-${m.effective_at}`} className="text-body-secondary">
              {m.revoked_at
                ? t('contracts.revoked', { method: m.method, when: when(m.revoked_at) })
                : t('contracts.not_revoked', { method: m.method })}
            </div>
          ))}
        </div>
      )}
    </li>
  );
}

const WITHDRAWAL_BADGE: Record<string, string> = {
  refunded: 'text-bg-success',
  nothing_to_refund: 'text-bg-secondary',
  refund_pending: 'text-bg-warning',
  refund_failed: 'text-bg-danger',
};

function WithdrawalItem({ w }: { w: AdminWithdrawal }) {
  const { t, i18n } = useTranslation('members');
  const when = (iso: string | null) => formatDateTime(iso, i18n.language);
  return (
    <li className="list-group-item" data-testid={`member-withdrawal-${w.id}`}>
      <div className="d-flex flex-wrap align-items-center gap-2">
        <span className="fw-semibold me-auto">
          {t('contracts.payment', { id: w.payment_id })} ·{' '}
          {formatMoney(w.refund_minor, w.currency, i18n.language)}
        </span>
        <span
          className={`badge ${WITHDRAWAL_BADGE[w.status] ?? 'text-bg-light'}`}
          data-testid="member-withdrawal-status"
        >
          {known(t, 'contracts.withdrawal_status', w.status)}
        </span>
      </div>
      <div className="text-body-secondary">
        {t('contracts.received')}: {when(w.requested_at)} ·{' '}
        {t('contracts.credits_taken', { count: w.credits_taken })}
      </div>
      <div className="text-body-secondary">
        {w.immediate_start ? t('contracts.pro_rata') : t('contracts.full')}
      </div>
      {w.refunded_at && (
        <div>
          {t('contracts.refund')}: {when(w.refunded_at)}
        </div>
      )}
      {w.next_attempt_at && (
        <div data-testid="member-withdrawal-next-try">
          {t('contracts.next_try', { when: when(w.next_attempt_at) })} ·{' '}
          {t('contracts.attempts', { count: w.attempts })}
        </div>
      )}
    </li>
  );
}
