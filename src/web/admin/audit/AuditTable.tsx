import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '../../../shared/schemas/admin-staff';
import { formatDateTime } from '../components/format';

const json = (v: unknown) => (v === null || v === undefined ? '—' : JSON.stringify(v, null, 2));

/** The entries of one page: when, who, what, on what; before and after behind a disclosure. */
export function AuditTable({ entries }: { entries: AuditEntry[] }) {
  const { t, i18n } = useTranslation('console');
  if (!entries.length) {
    return (
      <p className="text-body-secondary" data-testid="console-audit-empty">
        {t('audit.empty')}
      </p>
    );
  }
  return (
    <div className="table-responsive card">
      <table className="table align-middle mb-0 console-table" data-testid="console-audit-table">
        <thead>
          <tr>
            <th scope="col">{t('audit.when')}</th>
            <th scope="col">{t('audit.staff')}</th>
            <th scope="col">{t('audit.action')}</th>
            <th scope="col">{t('audit.target')}</th>
            <th scope="col">{t('audit.details')}</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((e) => (
            <tr key={e.id} data-testid="console-audit-entry">
              <td>{formatDateTime(e.created_at, i18n.language)}</td>
              <td>
                {e.staff.name}
                <div className="small text-body-secondary">{e.staff.email}</div>
              </td>
              <td>
                <code>{e.action}</code>
              </td>
              <td>
                {e.target_type}
                {e.target_id !== null && ` #${e.target_id}`}
                {e.site_id !== null && (
                  <div className="small text-body-secondary">{t('audit.site', { id: e.site_id })}</div>
                )}
              </td>
              <td className="console-table-wrap">
                {e.before === null && e.after === null ? (
                  '—'
                ) : (
                  <details>
                    <summary>{t('audit.show_changes')}</summary>
                    <div className="row g-2 mt-1">
                      <div className="col-12 col-xl-6">
                        <div className="small fw-semibold">{t('audit.before')}</div>
                        <pre className="console-json bg-body-tertiary rounded p-2 mb-0">{json(e.before)}</pre>
                      </div>
                      <div className="col-12 col-xl-6">
                        <div className="small fw-semibold">{t('audit.after')}</div>
                        <pre className="console-json bg-body-tertiary rounded p-2 mb-0">{json(e.after)}</pre>
                      </div>
                    </div>
                  </details>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
