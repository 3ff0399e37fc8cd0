import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { roleAllows } from '../roles';
import { useStaff } from '../session';
import { memberSearchQuery, sitesForFilterQuery } from './members-api';
import { StatusBadge } from './StatusBadge';

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Member search: an id, an e-mail address (or its beginning) or the beginning of a name, optionally on one site
 * (admins, who may list the sites). The search lives in the address, so back returns to the same results.
 */
export function MemberSearchPage() {
  const { t, i18n } = useTranslation('members');
  const staff = useStaff();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const site = positive(params.get('site'));
  const page = positive(params.get('page')) ?? 1;
  const [draft, setDraft] = useState(q);
  const [draftSite, setDraftSite] = useState(site ? String(site) : '');
  const isAdmin = roleAllows(staff.role, 'admin');
  const sites = useQuery({ ...sitesForFilterQuery, enabled: isAdmin });
  const results = useQuery({ ...memberSearchQuery({ q, site, page }), placeholderData: keepPreviousData });

  const go = (next: { q: string; site: string; page: number }) => {
    const p = new URLSearchParams();
    if (next.q) p.set('q', next.q);
    if (next.site) p.set('site', next.site);
    if (next.page > 1) p.set('page', String(next.page));
    setParams(p);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ q: draft.trim(), site: draftSite, page: 1 });
  };

  return (
    <ConsolePage title={t('title')}>
      <form className="row g-2 align-items-end mb-3" onSubmit={submit} role="search">
        <div className="col-12 col-md">
          <Form.Label htmlFor="members-q">{t('search.label')}</Form.Label>
          <Form.Control
            id="members-q"
            type="search"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
            placeholder={t('search.placeholder')}
            maxLength={200}
            data-testid="members-search-input"
          />
        </div>
        {isAdmin && (
          <div className="col-8 col-md-3">
            <Form.Label htmlFor="members-site">{t('search.site')}</Form.Label>
            <Form.Select id="members-site" value={draftSite} onChange={(e) => setDraftSite(e.target.value)}>
              <option value="">{t('search.all_sites')}</option>
              {(sites.data ?? []).map((s) => (
                <option key={s.id} value={s.id}>
                  {s.domain}
                </option>
              ))}
            </Form.Select>
          </div>
        )}
        <div className="col-4 col-md-auto">
          <button type="submit" className="btn btn-primary w-100" data-testid="members-search-submit">
            <i className="bi bi-search me-1" aria-hidden="true" />
            {t('search.submit')}
          </button>
        </div>
      </form>
      <ErrorAlert error={results.error} ns="members" />
      {results.isPending ? (
        <ConsoleSpinner />
      ) : results.data && results.data.members.length === 0 ? (
        <p className="text-body-secondary" data-testid="members-none">
          {t('search.none')}
        </p>
      ) : results.data ? (
        <>
          <div className="table-responsive card">
            <table
              className="table table-hover align-middle mb-0 console-table"
              data-testid="members-results"
            >
              <thead>
                <tr>
                  <th scope="col">{t('list.member')}</th>
                  <th scope="col" className="d-none d-md-table-cell">
                    {t('list.site')}
                  </th>
                  <th scope="col">{t('list.status')}</th>
                  <th scope="col" className="text-end">
                    {t('list.credits')}
                  </th>
                  <th scope="col" className="d-none d-lg-table-cell">
                    {t('list.signup')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {results.data.members.map((m) => (
                  <tr key={m.id} data-testid={`members-row-${m.id}`}>
                    <td className="text-break">
                      <Link to={`${m.id}`} className="fw-semibold" data-testid={`members-open-${m.id}`}>
                        {m.name ?? t('list.no_profile')}
                      </Link>
                      <div className="small text-body-secondary">
                        #{m.id} · {m.email}
                      </div>
                    </td>
                    <td className="d-none d-md-table-cell small">{m.site_domain}</td>
                    <td>
                      <StatusBadge status={m.status} purged={m.purged} />
                    </td>
                    <td className="text-end">{m.credits}</td>
                    <td className="d-none d-lg-table-cell small">
                      {formatDateTime(m.signup_date, i18n.language)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav
            className="d-flex justify-content-between align-items-center mt-3"
            aria-label={t('search.pages')}
          >
            <button
              type="button"
              className="btn btn-outline-dark btn-sm"
              disabled={page <= 1}
              onClick={() => go({ q, site: site ? String(site) : '', page: page - 1 })}
            >
              {t('search.previous')}
            </button>
            <span className="small text-body-secondary">{t('search.page', { page })}</span>
            <button
              type="button"
              className="btn btn-outline-dark btn-sm"
              disabled={!results.data.has_more}
              onClick={() => go({ q, site: site ? String(site) : '', page: page + 1 })}
            >
              {t('search.next')}
            </button>
          </nav>
        </>
      ) : null}
    </ConsolePage>
  );
}
