import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { formatMoney } from '../members/money';
import { discountUsesQuery } from './catalogue-api';

/** /admin/catalogue/discounts/<id>: who used a code, when, and with which order. */
export function DiscountUsesPage() {
  const { t, i18n } = useTranslation('catalogue');
  const id = Number(useParams().id);
  const uses = useQuery(discountUsesQuery(id));
  if (uses.isPending) return <ConsoleSpinner />;
  if (uses.isError) return <ErrorAlert error={uses.error} ns="catalogue" />;
  const { code } = uses.data;
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h2 className="h5 mb-0 me-auto">
          {t('discount.uses_of', { code: code.code })}{' '}
          <span className="text-body-secondary small">
            {t('discount.uses', { used: code.used, reserved: code.reserved })}
          </span>
        </h2>
        <Link to="../.." relative="path" className="btn btn-outline-secondary btn-sm">
          {t('back')}
        </Link>
      </div>
      {uses.data.uses.length === 0 && <p className="text-body-secondary">{t('discount.no_uses')}</p>}
      {uses.data.uses.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle" data-testid="discount-uses">
            <thead>
              <tr>
                <th scope="col">{t('use.member')}</th>
                <th scope="col">{t('use.when')}</th>
                <th scope="col">{t('use.order')}</th>
                <th scope="col">{t('use.state')}</th>
              </tr>
            </thead>
            <tbody>
              {uses.data.uses.map((u) => (
                <tr key={u.id}>
                  <td>
                    <Link to={`/admin/members/${u.user_id}`}>{u.member_name ?? `#${u.user_id}`}</Link>
                  </td>
                  <td className="text-nowrap">{formatDateTime(u.created_at, i18n.language)}</td>
                  <td>
                    {t('use.order_line', {
                      id: u.payment.id,
                      credits: u.payment.credits,
                      amount: formatMoney(u.payment.amount_minor, u.payment.currency, i18n.language),
                      discount: formatMoney(u.payment.discount_minor, u.payment.currency, i18n.language),
                    })}
                  </td>
                  <td>{t(`use.status.${u.status}`, { defaultValue: u.status })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
