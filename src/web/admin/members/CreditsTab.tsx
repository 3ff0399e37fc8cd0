import { useTranslation } from 'react-i18next';
import type { AdminMember } from '../../../shared/schemas/admin-members';
import { formatDateTime } from '../components/format';

/** The credit ledger (newest first, with staff adjustments' reasons) and the discount codes the member used. */
export function CreditsTab({ member }: { member: AdminMember }) {
  const { t, i18n } = useTranslation('members');
  return (
    <>
      <h2 className="h6">{t('credits.ledger')}</h2>
      {member.ledger.length === 0 ? (
        <p className="text-body-secondary small">{t('credits.no_ledger')}</p>
      ) : (
        <div className="table-responsive card mb-4">
          <table className="table align-middle mb-0 small console-table" data-testid="member-ledger">
            <thead>
              <tr>
                <th scope="col">{t('credits.when')}</th>
                <th scope="col" className="text-end">
                  {t('credits.change')}
                </th>
                <th scope="col" className="text-end">
                  {t('credits.after')}
                </th>
                <th scope="col">{t('credits.why')}</th>
              </tr>
            </thead>
            <tbody>
              {member.ledger.map((l) => (
                <tr key={l.id}>
                  <td>{formatDateTime(l.created_at, i18n.language)}</td>
                  <td className={`text-end ${l.delta < 0 ? 'text-danger' : 'text-success'}`}>
                    {l.delta > 0 ? `+${l.delta}` : l.delta}
                  </td>
                  <td className="text-end">{l.balance_after}</td>
                  <td className="text-break">
                    {t(`ledger_reason.${l.reason.replace(/[^a-z_]/g, '_')}`, { defaultValue: l.reason })}
                    {l.note && <div className="text-body-secondary">“{l.note}”</div>}
                    {l.staff_id !== null && (
                      <div className="text-body-secondary">{t('credits.by_staff', { id: l.staff_id })}</div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h2 className="h6">{t('credits.discounts')}</h2>
      {member.discounts.length === 0 ? (
        <p className="text-body-secondary small">{t('credits.no_discounts')}</p>
      ) : (
        <ul className="list-group small" data-testid="member-discounts">
          {member.discounts.map((d) => (
            <li key={`${d.payment_id}-${d.code}`} className="list-group-item d-flex flex-wrap gap-2">
              <code>{d.code}</code>
              <span>−{d.value_percentage}%</span>
              <span className="text-body-secondary">
                {t(`discount_status.${d.status}`, { defaultValue: d.status })} · #{d.payment_id}
              </span>
              <span className="ms-auto text-body-secondary">
                {formatDateTime(d.created_at, i18n.language)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
