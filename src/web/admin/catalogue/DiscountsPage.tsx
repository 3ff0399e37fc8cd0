import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminDiscount } from '../../../shared/schemas/admin-discounts';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { discountStatusCall, discountsQuery } from './catalogue-api';
import { DiscountForm } from './DiscountForm';

/** Discount codes, newest first: find, create, disable or enable, and open a code's uses. */
export function DiscountsPage() {
  const { t, i18n } = useTranslation('catalogue');
  const client = useQueryClient();
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<'' | 'active' | 'disabled'>('');
  const [creating, setCreating] = useState(false);
  const codes = useQuery(
    discountsQuery({ ...(q.trim() ? { q: q.trim() } : {}), ...(status ? { status } : {}) }),
  );
  const toggle = useMutation({
    mutationFn: discountStatusCall,
    onSuccess: () => client.invalidateQueries({ queryKey: ['console', 'discounts'] }),
  });
  const limits = (c: AdminDiscount) =>
    [
      t(`validity.${c.validity}`, { defaultValue: c.validity }),
      c.max_uses !== null ? t('discount.at_most', { count: c.max_uses }) : null,
      c.country,
      c.user_id !== null ? t('discount.for_member', { id: c.user_id }) : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <>
      <div className="row g-2 align-items-end mb-3">
        <Form.Group controlId="discount-search" className="col-12 col-sm-5">
          <Form.Label className="small mb-1">{t('discount.search')}</Form.Label>
          <Form.Control value={q} onChange={(e) => setQ(e.target.value)} />
        </Form.Group>
        <Form.Group controlId="discount-status-filter" className="col-7 col-sm-4">
          <Form.Label className="small mb-1">{t('discount.status')}</Form.Label>
          <Form.Select value={status} onChange={(e) => setStatus(e.target.value as typeof status)}>
            <option value="">{t('discount.all')}</option>
            <option value="active">{t('discount.active')}</option>
            <option value="disabled">{t('discount.disabled')}</option>
          </Form.Select>
        </Form.Group>
        <div className="col-5 col-sm-3 text-end">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setCreating(true)}
            data-testid="discount-new"
          >
            {t('discount.new')}
          </button>
        </div>
      </div>
      {creating && (
        <div className="card console-form-card mb-3">
          <div className="card-body">
            <DiscountForm onDone={() => setCreating(false)} />
          </div>
        </div>
      )}
      <ErrorAlert error={codes.error ?? toggle.error} ns="catalogue" />
      {codes.isPending && <ConsoleSpinner />}
      {codes.data?.length === 0 && <p className="text-body-secondary">{t('discount.none')}</p>}
      <ul className="list-group" data-testid="discounts">
        {codes.data?.map((c) => (
          <li key={c.id} className="list-group-item" data-testid={`discount-${c.code}`}>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto">
                <span className="fw-semibold font-monospace">{c.code}</span>{' '}
                <span className="badge bg-primary-subtle text-primary-emphasis">−{c.value_percentage}%</span>{' '}
                <span
                  className={`badge ${c.status === 'active' ? 'bg-success-subtle text-success-emphasis' : 'bg-secondary-subtle text-secondary-emphasis'}`}
                >
                  {t(`discount.${c.status}`)}
                </span>
                <div className="small text-body-secondary">
                  {limits(c)}
                  {c.expires &&
                    ` · ${t('discount.until', { date: formatDateTime(c.expires, i18n.language) })}`}
                </div>
              </div>
              <Link to={`discounts/${c.id}`} className="btn btn-link btn-sm">
                {t('discount.uses', { used: c.used, reserved: c.reserved })}
              </Link>
              <button
                type="button"
                className="btn btn-outline-secondary btn-sm"
                disabled={toggle.isPending}
                onClick={() =>
                  toggle.mutate({ id: c.id, status: c.status === 'active' ? 'disabled' : 'active' })
                }
                data-testid={`discount-toggle-${c.code}`}
              >
                {c.status === 'active' ? t('discount.disable') : t('discount.enable')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
