import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { STAFF_PROFILE_KINDS, type StaffProfileKind } from '../../../shared/schemas/admin-profiles';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { roleAllows } from '../roles';
import { useStaff } from '../session';
import { KindBadge } from './KindBadge';
import { profilesQuery, setCamsInSearchCall, siteCamsQuery } from './profiles-api';

/** The kept profiles, newest first, filtered by kind, site and name; admins also set each site's cams_in_search. */
export function ProfileList() {
  const { t } = useTranslation('profiles');
  const staff = useStaff();
  const [kind, setKind] = useState<StaffProfileKind | ''>('');
  const [siteId, setSiteId] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const filter = {
    ...(kind ? { kind } : {}),
    ...(siteId ? { site_id: Number(siteId) } : {}),
    ...(q.trim() ? { q: q.trim() } : {}),
    page,
  };
  const list = useQuery(profilesQuery(filter));
  const sites = useQuery(siteCamsQuery);

  return (
    <>
      <div className="d-flex flex-wrap gap-2 align-items-end mb-3">
        <Form.Group controlId="profiles-kind">
          <Form.Label className="small mb-1">{t('filter.kind')}</Form.Label>
          <Form.Select
            size="sm"
            value={kind}
            onChange={(e) => {
              setKind(e.target.value as StaffProfileKind | '');
              setPage(1);
            }}
          >
            <option value="">{t('filter.all_kinds')}</option>
            {STAFF_PROFILE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kind.${k}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="profiles-site">
          <Form.Label className="small mb-1">{t('filter.site')}</Form.Label>
          <Form.Select
            size="sm"
            value={siteId}
            onChange={(e) => {
              setSiteId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t('filter.all_sites')}</option>
            {sites.data?.map((s) => (
              <option key={s.id} value={s.id}>
                {s.domain}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="profiles-q">
          <Form.Label className="small mb-1">{t('filter.name')}</Form.Label>
          <Form.Control
            size="sm"
            type="search"
            value={q}
            maxLength={40}
            onChange={(e) => {
              setQ(e.target.value);
              setPage(1);
            }}
          />
        </Form.Group>
        <Link to="new" className="btn btn-primary btn-sm ms-auto" data-testid="profiles-new">
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('new')}
        </Link>
      </div>
      <ErrorAlert error={list.error} ns="profiles" />
      {!list.data && !list.error && <ConsoleSpinner />}
      {list.data && list.data.profiles.length === 0 && (
        <p className="text-body-secondary" data-testid="profiles-empty">
          {t('empty')}
        </p>
      )}
      {list.data && list.data.profiles.length > 0 && (
        <ul className="list-group mb-3" data-testid="profiles-list">
          {list.data.profiles.map((p) => (
            <li key={p.id} className="list-group-item d-flex align-items-center gap-3">
              {p.thumb_filename ? (
                <img
                  src={p.thumb_filename}
                  alt=""
                  width={48}
                  height={48}
                  className="rounded object-fit-cover"
                />
              ) : (
                <span className="rounded bg-body-tertiary d-inline-flex align-items-center justify-content-center profiles-thumb">
                  <i className="bi bi-person text-body-tertiary" aria-hidden="true" />
                </span>
              )}
              <div className="min-w-0 flex-grow-1">
                <Link
                  to={String(p.id)}
                  className="fw-semibold text-truncate d-block"
                  data-testid="profiles-item"
                >
                  {p.name}, {p.age}
                </Link>
                <span className="small text-body-secondary text-truncate d-block">
                  {p.site_domain} · {p.city ?? p.country}
                  {!p.visible && ` · ${t('hidden')}`}
                </span>
              </div>
              <KindBadge kind={p.kind} />
            </li>
          ))}
        </ul>
      )}
      {(page > 1 || list.data?.more) && (
        <div className="d-flex gap-2 mb-4">
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
          >
            {t('previous')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            disabled={!list.data?.more}
            onClick={() => setPage(page + 1)}
          >
            {t('next')}
          </button>
        </div>
      )}
      {roleAllows(staff.role, 'admin') && sites.data && <SiteCamsSettings sites={sites.data} />}
    </>
  );
}

function SiteCamsSettings({ sites }: { sites: { id: number; domain: string; cams_in_search: boolean }[] }) {
  const { t } = useTranslation('profiles');
  const client = useQueryClient();
  const save = useMutation({
    mutationFn: setCamsInSearchCall,
    onSuccess: () => void client.invalidateQueries({ queryKey: siteCamsQuery.queryKey }),
  });
  return (
    <section className="card mt-4" aria-labelledby="site-cams-title">
      <div className="card-body">
        <h2 id="site-cams-title" className="h6 fw-semibold">
          {t('cams_in_search.title')}
        </h2>
        <p className="small text-body-secondary">{t('cams_in_search.help')}</p>
        <ErrorAlert error={save.error} ns="profiles" />
        {sites.map((s) => (
          <Form.Check
            key={s.id}
            type="switch"
            id={`cams-in-search-${s.id}`}
            label={s.domain}
            checked={save.isPending && save.variables?.id === s.id ? save.variables.on : s.cams_in_search}
            disabled={save.isPending}
            onChange={(e) => save.mutate({ id: s.id, on: e.target.checked })}
          />
        ))}
      </div>
    </section>
  );
}
