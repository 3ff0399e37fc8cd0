import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type { CamsResponse } from '../../../shared/schemas/cams';
import { RetryButton } from '../../components/ui/RetryButton';
import { camsQuery } from '../../features/cams/api/cams';
import { KindBadge } from '../../features/cams/components/KindBadge';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

const MAX_PAGE = 50;

function pageParam(value: string | null): number {
  if (!value || !/^\d{1,2}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * The cam section (/cams): performers of the companion cam section and members of partner sites shown here with
 * their consent, in a section of their own, each card marked with what it is (docs/decisions.md "Cam section").
 */
export function CamsPage() {
  const { t } = useTranslation('cams');
  const settings = useSettings();
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const cams = useQuery(camsQuery(page));
  useHead({ title: t('title'), siteName: settings.name });

  let body: ReactNode;
  if (!cams.data && cams.isError) {
    body = (
      <div className="text-center py-5" role="alert" data-testid="cams-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void cams.refetch()}
          busy={cams.isFetching}
          label={t('retry')}
          testId="cams-retry"
        />
      </div>
    );
  } else if (!cams.data) {
    body = (
      <div className="d-flex justify-content-center py-5" data-testid="cams-loading">
        <span className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('loading')}</span>
        </span>
      </div>
    );
  } else {
    body = <Results data={cams.data} page={page} busy={cams.isPlaceholderData} />;
  }

  return (
    <div className="container-lg py-4 py-md-5" data-testid="cams-page">
      <h1 className="h3 fw-semibold mb-2">{t('title')}</h1>
      <p className="text-body-secondary mb-4 likes-empty-text" data-testid="cams-intro">
        {t('intro')}
      </p>
      {body}
    </div>
  );
}

function Results({ data, page, busy }: { data: CamsResponse; page: number; busy: boolean }) {
  const { t } = useTranslation('cams');
  const settings = useSettings();
  if (data.profiles.length === 0 && page === 1) {
    return (
      <div className="text-center py-5" data-testid="cams-empty">
        <i className="bi bi-camera-video fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <h2 className="h5 fw-semibold">{t('empty.title')}</h2>
        <p className="text-body-secondary mx-auto mb-4 likes-empty-text">{t('empty.text')}</p>
        <Link to="/members" className="btn btn-primary rounded-pill px-4" data-testid="cams-empty-action">
          {t('empty.action')}
        </Link>
      </div>
    );
  }
  return (
    <div aria-busy={busy} data-testid="cams-results">
      <div
        className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6"
        data-testid="cams-grid"
      >
        {data.profiles.map((card) => (
          <div className="col" key={card.id} data-testid={`cams-card-${card.kind}`}>
            <ProfileCard
              profile={card}
              to={`/members/${card.id}`}
              fictionalIcon={settings.fictional_icon}
              badge={<KindBadge kind={card.kind} className="shadow-sm" />}
            />
          </div>
        ))}
      </div>
      {(page > 1 || data.more) && (
        <nav aria-label={t('pagination')} className="d-flex justify-content-center gap-2 mt-4">
          {page > 1 && (
            <Link
              to={{ search: page === 2 ? '' : `?page=${page - 1}` }}
              className="btn btn-outline-primary rounded-pill"
            >
              {t('previous')}
            </Link>
          )}
          {data.more && (
            <Link to={{ search: `?page=${page + 1}` }} className="btn btn-outline-primary rounded-pill">
              {t('next')}
            </Link>
          )}
        </nav>
      )}
    </div>
  );
}
