import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LOCALE_NAMES } from '../../../shared/locales';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { CompanyForm } from './CompanyForm';
import { sitesQuery } from './sites-api';

/** /admin/sites: the sites of the network and the companies behind them. */
export function SitesListPage() {
  const { t } = useTranslation('sites');
  const sites = useQuery(sitesQuery);
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <ConsolePage
      title={t('title')}
      actions={
        <Link to="new" className="btn btn-primary btn-sm" data-testid="site-new">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('new_site')}
        </Link>
      }
    >
      {sites.isPending && <ConsoleSpinner />}
      <ErrorAlert error={sites.error} ns="sites" />
      {sites.data && (
        <>
          <div className="table-responsive mb-4">
            <table className="table table-sm align-middle" data-testid="sites-table">
              <thead>
                <tr>
                  <th scope="col">{t('field.domain')}</th>
                  <th scope="col">{t('field.name')}</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    {t('field.niche')}
                  </th>
                  <th scope="col" className="d-none d-md-table-cell">
                    {t('field.domain_language')}
                  </th>
                  <th scope="col" className="d-none d-lg-table-cell">
                    {t('field.countries')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {sites.data.sites.map((s) => (
                  <tr key={s.id}>
                    <td className="text-break">
                      <Link to={String(s.id)} data-testid={`site-edit-${s.domain}`}>
                        {s.domain}
                      </Link>
                    </td>
                    <td>{s.name}</td>
                    <td className="d-none d-md-table-cell">{t(`niche.${s.niche}`)}</td>
                    <td className="d-none d-md-table-cell">{LOCALE_NAMES[s.domain_language]}</td>
                    <td className="d-none d-lg-table-cell">{s.countries.length}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="d-flex align-items-center gap-2 mb-2">
            <h2 className="h5 mb-0 me-auto">{t('companies')}</h2>
            <button
              type="button"
              className="btn btn-outline-primary btn-sm"
              onClick={() => setEditing('new')}
            >
              {t('new_company')}
            </button>
          </div>
          {editing === 'new' && (
            <div className="card console-form-card mb-3">
              <div className="card-body">
                <CompanyForm company={null} onDone={() => setEditing(null)} />
              </div>
            </div>
          )}
          <ul className="list-group mb-3">
            {sites.data.companies.map((c) => (
              <li key={c.id} className="list-group-item">
                <div className="d-flex flex-wrap align-items-center gap-2">
                  <span className="fw-semibold me-auto">
                    {c.name}{' '}
                    <span className="text-body-secondary small">
                      {c.city}, {c.country}
                    </span>
                  </span>
                  <button type="button" className="btn btn-link btn-sm" onClick={() => setEditing(c.id)}>
                    {t('edit')}
                  </button>
                </div>
                {editing === c.id && <CompanyForm company={c} onDone={() => setEditing(null)} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </ConsolePage>
  );
}
