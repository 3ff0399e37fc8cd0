import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminBundle } from '../../../shared/schemas/admin-catalogue';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatMoney } from '../members/money';
import { BundleForm } from './BundleForm';
import { catalogueQuery, reorderCall } from './catalogue-api';

/** The bundles (premium packages) in the order members see them: move, edit, add. */
export function BundlesPage() {
  const { t, i18n } = useTranslation('catalogue');
  const client = useQueryClient();
  const catalogue = useQuery(catalogueQuery);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const reorder = useMutation({
    mutationFn: reorderCall,
    onSuccess: (data) => client.setQueryData(catalogueQuery.queryKey, data),
  });
  if (catalogue.isPending) return <ConsoleSpinner />;
  if (catalogue.isError) return <ErrorAlert error={catalogue.error} ns="catalogue" />;
  const { bundles, countries } = catalogue.data;
  const move = (index: number, by: -1 | 1) => {
    const ids = bundles.map((b) => b.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id!);
    reorder.mutate(ids);
  };
  const summary = (b: AdminBundle) => {
    const nl = b.prices.find((p) => p.country === 'NL') ?? b.prices[0];
    return nl
      ? `${formatMoney(nl.amount_minor, nl.currency, i18n.language)} (${nl.country})`
      : t('bundle.no_prices');
  };
  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-2">
        <p className="small text-body-secondary mb-0 me-auto">{t('bundles_help')}</p>
        <button
          type="button"
          className="btn btn-primary btn-sm text-nowrap"
          onClick={() => setEditing('new')}
          data-testid="bundle-new"
        >
          {t('new_bundle')}
        </button>
      </div>
      <ErrorAlert error={reorder.error} ns="catalogue" />
      {editing === 'new' && (
        <div className="card console-form-card mb-3">
          <div className="card-body">
            <BundleForm bundle={null} countries={countries} onDone={() => setEditing(null)} />
          </div>
        </div>
      )}
      <ul className="list-group" data-testid="bundles">
        {bundles.map((b, i) => (
          <li key={b.id} className="list-group-item" data-testid={`bundle-${b.code}`}>
            <div className="d-flex flex-wrap align-items-center gap-2">
              <div className="me-auto">
                <span className="fw-semibold">{t('bundle.title', { count: b.credits })}</span>{' '}
                <span className="text-body-secondary small">
                  {b.code} · {t(`style.${b.style}`)} · {summary(b)}
                </span>
                <div className="small">
                  <span
                    className={`badge me-1 ${b.active ? 'bg-success-subtle text-success-emphasis' : 'bg-secondary-subtle text-secondary-emphasis'}`}
                  >
                    {b.active ? t('bundle.on_sale') : t('bundle.off_sale')}
                  </span>
                  {!b.listed && <span className="badge text-bg-light me-1">{t('bundle.unlisted')}</span>}
                  {b.best_value && (
                    <span className="badge text-bg-warning me-1">{t('bundle.best_value')}</span>
                  )}
                  <span className="text-body-secondary">
                    {t('bundle.countries', { count: b.prices.length })}
                  </span>
                </div>
              </div>
              <div className="btn-group btn-group-sm">
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  disabled={i === 0 || reorder.isPending}
                  aria-label={t('move_up', { code: b.code })}
                  onClick={() => move(i, -1)}
                >
                  <i className="bi bi-arrow-up" aria-hidden="true" />
                </button>
                <button
                  type="button"
                  className="btn btn-outline-secondary"
                  disabled={i === bundles.length - 1 || reorder.isPending}
                  aria-label={t('move_down', { code: b.code })}
                  onClick={() => move(i, 1)}
                >
                  <i className="bi bi-arrow-down" aria-hidden="true" />
                </button>
              </div>
              <button
                type="button"
                className="btn btn-outline-primary btn-sm"
                onClick={() => setEditing(editing === b.id ? null : b.id)}
                data-testid={`bundle-edit-${b.code}`}
              >
                {t('edit')}
              </button>
            </div>
            {editing === b.id && (
              <div className="mt-3">
                <BundleForm bundle={b} countries={countries} onDone={() => setEditing(null)} />
              </div>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}
