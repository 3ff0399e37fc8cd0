import { useQuery } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SAFETY_RULES } from '../../../shared/rules';
import type { VisitorsResponse } from '../../../shared/schemas/visits';
import { RetryButton } from '../../components/ui/RetryButton';
import { dateLocale } from '../../lib/date-locale';
import { currentLocale } from '../../lib/i18n';
import { ProfileCard } from '../members/components/ProfileCard';
import { useSettings } from '../site/api/settings';
import { visitorsQuery } from './api';

/**
 * The visitors tab of /likes (/likes/visitors): premium members see who viewed them; free members see how many, as
 * blurred cards with the premium offer (the server sends them no identities).
 */
export function VisitorsTab({ page }: { page: number }) {
  const { t } = useTranslation('safety');
  const visitors = useQuery(visitorsQuery(page));
  if (!visitors.data && visitors.isError)
    return (
      <div className="text-center py-5" role="alert" data-testid="visitors-error">
        <p className="mb-3">{t('visits.load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void visitors.refetch()}
          busy={visitors.isFetching}
          label={t('visits.retry')}
        />
      </div>
    );
  if (!visitors.data)
    return (
      <div className="d-flex justify-content-center py-5">
        <span className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('visits.title')}</span>
        </span>
      </div>
    );
  const data = visitors.data;
  return (
    <div data-testid="visitors">
      {data.count === 0 ? <Empty /> : data.premium ? <Cards data={data} /> : <Blurred count={data.count} />}
      {!data.leave_visits && (
        <p className="small text-body-secondary mt-4 mb-0" data-testid="visitors-off-notice">
          <i className="bi bi-eye-slash me-1" aria-hidden="true" />
          {t('visits.off_notice')} <Link to="/notifications#privacy">{t('settings.leave_visits')}</Link>
        </p>
      )}
    </div>
  );
}

function Count({ count }: { count: number }) {
  const { t } = useTranslation('safety');
  return (
    <p className="fw-semibold mb-3" data-testid="visitors-count">
      {t('visits.count', { count })}
    </p>
  );
}

function Cards({ data }: { data: VisitorsResponse }) {
  const { t } = useTranslation('safety');
  const settings = useSettings();
  const locale = dateLocale(currentLocale());
  return (
    <>
      <Count count={data.count} />
      <div className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6">
        {data.items.map((card) => (
          <div className="col" key={card.id} data-testid="visitor-card">
            <ProfileCard profile={card} to={`/members/${card.id}`} fictionalIcon={settings.fictional_icon} />
            <p className="small text-body-secondary mt-1 mb-0">
              {t('visits.visited_at', { date: format(new Date(card.visited_at), 'PP', { locale }) })}
            </p>
          </div>
        ))}
      </div>
      {data.pages > 1 && (
        <nav className="d-flex justify-content-center gap-2 mt-4" aria-label={t('visits.title')}>
          {Array.from({ length: Math.min(data.pages, 10) }, (_, i) => i + 1).map((n) => (
            <Link
              key={n}
              to={{ search: n <= 1 ? '' : `?page=${n}` }}
              className={`btn btn-sm rounded-pill ${n === data.page ? 'btn-primary' : 'btn-outline-secondary'}`}
              aria-current={n === data.page ? 'page' : undefined}
            >
              {n}
            </Link>
          ))}
        </nav>
      )}
    </>
  );
}

function Blurred({ count }: { count: number }) {
  const { t } = useTranslation('safety');
  const shown = Math.min(count, SAFETY_RULES.visits.blurredCardsMax);
  return (
    <>
      <Count count={count} />
      <div className="card border-0 bg-primary-subtle mb-3" data-testid="visitors-premium">
        <div className="card-body d-flex flex-wrap align-items-center gap-3">
          <i className="bi bi-eye fs-2 text-primary" aria-hidden="true" />
          <div className="flex-grow-1">
            <h2 className="h6 fw-semibold mb-1">{t('visits.premium_title')}</h2>
            <p className="small mb-0">{t('visits.premium_text')}</p>
          </div>
          <Link
            to="/premium"
            className="btn btn-primary rounded-pill px-4"
            data-testid="visitors-get-premium"
          >
            {t('visits.premium_action')}
          </Link>
        </div>
      </div>
      <ul className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6 list-unstyled mb-0">
        {Array.from({ length: shown }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li className="col" key={i} data-testid="visitor-blurred">
            <div className="visitor-blurred">
              <span className="visitor-blurred-shape" aria-hidden="true" />
              <span className="visitor-blurred-lock small fw-semibold">
                <i className="bi bi-lock-fill me-1" aria-hidden="true" />
                {t('visits.hidden_card')}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}

function Empty() {
  const { t } = useTranslation('safety');
  return (
    <div className="text-center py-5" data-testid="visitors-empty">
      <i className="bi bi-eye fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
      <h2 className="h5 fw-semibold">{t('visits.empty_title')}</h2>
      <p className="text-body-secondary mx-auto mb-4">{t('visits.empty_text')}</p>
      <Link to="/profile" className="btn btn-primary rounded-pill px-4">
        {t('visits.empty_action')}
      </Link>
    </div>
  );
}
