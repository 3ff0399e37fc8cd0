import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { auditQuery, type AuditFilters as Filters } from '../staff/staff-api';
import { AuditFilters, type AuditFilterValues, FILTER_KEYS } from './AuditFilters';
import { AuditTable } from './AuditTable';

/** The audit log: every change staff made, newest first, filtered and paged through the address. */
export function AuditPage() {
  const { t } = useTranslation('console');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const values = Object.fromEntries(
    FILTER_KEYS.map((k) => [k, params.get(k) ?? '']),
  ) as unknown as AuditFilterValues;
  const filters: Filters = {
    page,
    staff_id: Number(values.staff_id) || undefined,
    action: values.action || undefined,
    target_type: values.target_type || undefined,
    target_id: values.target_id || undefined,
  };
  const log = useQuery({ ...auditQuery(filters), placeholderData: keepPreviousData });

  const go = (next: AuditFilterValues, nextPage: number) => {
    const p = new URLSearchParams();
    for (const k of FILTER_KEYS) if (next[k].trim()) p.set(k, next[k].trim());
    if (nextPage > 1) p.set('page', String(nextPage));
    setParams(p);
  };

  return (
    <ConsolePage title={t('audit.title')}>
      <AuditFilters key={params.toString()} value={values} onApply={(v) => go(v, 1)} />
      <ErrorAlert error={log.error} />
      {log.isPending ? (
        <ConsoleSpinner />
      ) : log.data ? (
        <>
          <AuditTable entries={log.data.entries} />
          <nav
            className="d-flex justify-content-between align-items-center mt-3"
            aria-label={t('audit.pages')}
          >
            <button
              type="button"
              className="btn btn-outline-dark"
              disabled={page <= 1}
              onClick={() => go(values, page - 1)}
            >
              <i className="bi bi-chevron-left me-1" aria-hidden="true" />
              {t('audit.newer')}
            </button>
            <span className="small text-body-secondary" data-testid="console-audit-page">
              {t('audit.page', { page })}
            </span>
            <button
              type="button"
              className="btn btn-outline-dark"
              disabled={!log.data.has_more}
              onClick={() => go(values, page + 1)}
              data-testid="console-audit-older"
            >
              {t('audit.older')}
              <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
            </button>
          </nav>
        </>
      ) : null}
    </ConsolePage>
  );
}
