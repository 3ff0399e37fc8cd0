import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminMember, AdminMemberPayment } from '../../../shared/schemas/admin-members';
import { formatDateTime } from '../components/format';
import { ConfirmDialog } from './ConfirmDialog';
import { memberKey, refundCall } from './members-api';
import { formatMoney } from './money';

/** The member's payments, newest first; an admin may refund what is left of a paid one (after confirming). */
export function PaymentsTab({
  member,
  canRefund,
  onDone,
}: {
  member: AdminMember;
  canRefund: boolean;
  onDone: (notice: string) => void;
}) {
  const { t, i18n } = useTranslation('members');
  const client = useQueryClient();
  const [refunding, setRefunding] = useState<AdminMemberPayment | null>(null);
  const refund = useMutation({
    mutationFn: refundCall,
    onSuccess: async (a) => {
      await client.invalidateQueries({ queryKey: memberKey(member.account.id) });
      setRefunding(null);
      onDone(a.refunded_now ? t('payments.refunded', { id: a.payment.id }) : t('payments.already_refunded'));
    },
  });
  const money = (minor: number, currency: string) => formatMoney(minor, currency, i18n.language);
  if (member.payments.length === 0) return <p className="text-body-secondary">{t('payments.none')}</p>;
  return (
    <>
      <div className="table-responsive card">
        <table className="table align-middle mb-0 small console-table" data-testid="member-payments">
          <thead>
            <tr>
              <th scope="col">{t('payments.when')}</th>
              <th scope="col">{t('payments.amount')}</th>
              <th scope="col">{t('payments.status')}</th>
              <th scope="col" className="d-none d-md-table-cell">
                {t('payments.method')}
              </th>
              <th scope="col">
                <span className="visually-hidden">{t('payments.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {member.payments.map((p) => (
              <tr key={p.id} data-testid={`member-payment-${p.id}`}>
                <td>
                  {formatDateTime(p.created_at, i18n.language)}
                  <div className="text-body-secondary">#{p.id}</div>
                </td>
                <td>
                  {money(p.amount_minor, p.currency)}
                  <div className="text-body-secondary">{t('payments.credits', { count: p.credits })}</div>
                  {p.discount_code && (
                    <div className="text-body-secondary">
                      {p.discount_code} (−{money(p.discount_minor, p.currency)})
                    </div>
                  )}
                </td>
                <td>
                  {t(`payment_status.${p.status}`, { defaultValue: p.status })}
                  {p.refunded_minor > 0 && (
                    <div className="text-body-secondary">
                      {t('payments.refunded_amount', { amount: money(p.refunded_minor, p.currency) })}
                    </div>
                  )}
                  {p.credits_reversed > 0 && (
                    <div className="text-body-secondary">
                      {t('payments.reversed', { count: p.credits_reversed })}
                    </div>
                  )}
                </td>
                <td className="d-none d-md-table-cell">
                  {p.method} · {p.provider}
                  {p.iban_masked && <div className="text-body-secondary">{p.iban_masked}</div>}
                </td>
                <td className="text-end">
                  {canRefund && p.refundable && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline-danger"
                      onClick={() => {
                        refund.reset();
                        setRefunding(p);
                      }}
                      data-testid={`member-refund-${p.id}`}
                    >
                      {t('payments.refund')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {refunding && (
        <ConfirmDialog
          title={t('payments.refund_title', { id: refunding.id })}
          confirmLabel={t('payments.refund_confirm', {
            amount: money(refunding.amount_minor - refunding.refunded_minor, refunding.currency),
          })}
          danger
          busy={refund.isPending}
          error={refund.error}
          onClose={() => setRefunding(null)}
          onConfirm={() => refund.mutate({ member: member.account.id, payment: refunding.id })}
          testId="refund-payment"
        >
          <p className="mb-0">{t('payments.refund_explain', { count: refunding.credits })}</p>
        </ConfirmDialog>
      )}
    </>
  );
}
