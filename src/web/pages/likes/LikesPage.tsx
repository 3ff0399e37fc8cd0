import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { badgeText } from '../../../shared/rules';
import { LIKE_TABS, type LikeCard, type LikesResponse, type LikeTab } from '../../../shared/schemas/likes';
import { RetryButton } from '../../components/ui/RetryButton';
import { likesQuery } from '../../features/likes/api/likes';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { VisitorsTab } from '../../features/safety/VisitorsTab';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { NotFoundPage } from '../error/RouteError';

const MAX_PAGE = 10_000;
const TAB_PATH: Record<LikeTab, string> = {
  received: '/likes',
  given: '/likes/given',
  matches: '/likes/matches',
};
const TAB_ICON: Record<LikeTab, string> = { received: 'heart', given: 'hand-thumbs-up', matches: 'hearts' };

function pageParam(value: string | null): number {
  if (!value || !/^\d{1,5}$/.test(value)) return 1;
  const n = Number(value);
  return n >= 1 && n <= MAX_PAGE ? n : 1;
}

/**
 * Likes (/likes and /likes/:type): received (the default), given and matches, as tabs that change the URL; and the
 * visitors (/likes/visitors: who viewed me, features/safety).
 */
export function LikesPage() {
  const { type } = useParams();
  if (type === 'visitors') return <VisitorsScreen />;
  if (type !== undefined && !(LIKE_TABS as readonly string[]).includes(type)) return <NotFoundPage />;
  return <LikesScreen tab={(type as LikeTab | undefined) ?? 'received'} />;
}

function VisitorsScreen() {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const [params] = useSearchParams();
  useHead({ title: t('likes.title'), siteName: settings.name });
  return (
    <div className="container-lg py-4 py-md-5" data-testid="likes-page">
      <h1 className="h3 fw-semibold mb-3">{t('likes.title')}</h1>
      <Tabs tab="visitors" counts={undefined} />
      <VisitorsTab page={pageParam(params.get('page'))} />
    </div>
  );
}

function LikesScreen({ tab }: { tab: LikeTab }) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const [params] = useSearchParams();
  const page = pageParam(params.get('page'));
  const likes = useQuery(likesQuery(tab, page));
  useHead({ title: t('likes.title'), siteName: settings.name });

  // Paging moves to the top of the new page.
  const shownPage = useRef(page);
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo?.({ top: 0 });
  }, [page]);

  let body: ReactNode;
  if (!likes.data && likes.isError) {
    body = (
      <div className="text-center py-5" role="alert" data-testid="likes-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('likes.load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void likes.refetch()}
          busy={likes.isFetching}
          label={t('likes.retry')}
          testId="likes-retry"
        />
      </div>
    );
  } else if (!likes.data) {
    body = (
      <div className="d-flex justify-content-center py-5" data-testid="likes-loading">
        <span className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('likes.loading')}</span>
        </span>
      </div>
    );
  } else {
    body = <Results data={likes.data} tab={tab} busy={likes.isPlaceholderData} />;
  }

  return (
    <div className="container-lg py-4 py-md-5" data-testid="likes-page">
      <h1 className="h3 fw-semibold mb-3">{t('likes.title')}</h1>
      <Tabs tab={tab} counts={likes.data?.tab === tab ? likes.data.counts : undefined} />
      {likes.data && likes.isError && (
        <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
          <span>{t('likes.refresh_error')}</span>
          <RetryButton
            variant="link"
            onRetry={() => void likes.refetch()}
            busy={likes.isFetching}
            label={t('likes.retry')}
          />
        </div>
      )}
      {body}
    </div>
  );
}

function Tabs({ tab, counts }: { tab: LikeTab | 'visitors'; counts: LikesResponse['counts'] | undefined }) {
  const { t } = useTranslation(['members', 'safety']);
  return (
    // A tab changes the page in place: focus stays on the tabs (features/navigation/route-focus.ts).
    <nav aria-label={t('likes.tabs')} className="mb-4" data-route-focus="keep">
      <ul className="nav nav-pills gap-1 flex-nowrap overflow-auto" data-testid="likes-tabs">
        {LIKE_TABS.map((name) => {
          const active = name === tab;
          return (
            <li className="nav-item" key={name}>
              <Link
                to={TAB_PATH[name]}
                className={`nav-link rounded-pill text-nowrap px-2 px-sm-3 ${active ? 'active' : 'text-body'}`}
                aria-current={active ? 'page' : undefined}
                data-testid={`likes-tab-${name}`}
              >
                <i className={`bi bi-${TAB_ICON[name]} me-1 d-none d-sm-inline-block`} aria-hidden="true" />
                {t(`likes.tab.${name}`)}
                {/* Only new received likes are news (a red badge); a total is a plain count, "(12)". */}
                {name === 'received' && counts && counts.new > 0 ? (
                  <span className="badge rounded-pill text-bg-danger ms-2" data-testid="likes-count-new">
                    {t('likes.new_count', { n: badgeText(counts.new) })}
                  </span>
                ) : (
                  counts &&
                  counts[name] > 0 && (
                    <span
                      className={`ms-1 fw-normal${active ? '' : ' text-body-secondary'}`}
                      data-testid={`likes-count-${name}`}
                    >
                      ({badgeText(counts[name])})
                    </span>
                  )
                )}
              </Link>
            </li>
          );
        })}
        <li className="nav-item">
          <Link
            to="/likes/visitors"
            className={`nav-link rounded-pill text-nowrap px-2 px-sm-3 ${tab === 'visitors' ? 'active' : 'text-body'}`}
            aria-current={tab === 'visitors' ? 'page' : undefined}
            data-testid="likes-tab-visitors"
          >
            <i className="bi bi-eye me-1 d-none d-sm-inline-block" aria-hidden="true" />
            {t('safety:visits.tab')}
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function Results({ data, tab, busy }: { data: LikesResponse; tab: LikeTab; busy: boolean }) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  if (data.items.length === 0) return <Empty tab={tab} />;
  const cardLink = (card: LikeCard) => (tab === 'given' ? `/members/${card.id}` : `/likes/m/${card.id}`);
  return (
    <div aria-busy={busy} data-testid="likes-results">
      <div
        className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6"
        data-testid="likes-grid"
      >
        {data.items.map((card) => (
          <div className="col" key={card.id} data-testid="likes-card">
            <ProfileCard
              profile={card}
              to={cardLink(card)}
              fictionalIcon={settings.fictional_icon}
              badge={
                tab === 'received' && card.like_new ? (
                  <span className="badge rounded-pill text-bg-danger shadow-sm" data-testid="likes-new">
                    {t('likes.new')}
                  </span>
                ) : tab !== 'matches' && card.match ? (
                  <span className="badge rounded-pill text-bg-primary shadow-sm" data-testid="likes-match">
                    <i className="bi bi-hearts me-1" aria-hidden="true" />
                    {t('likes.match_badge')}
                  </span>
                ) : undefined
              }
            />
          </div>
        ))}
      </div>
      {data.pages > 1 && <Pagination page={data.page} pages={data.pages} more={data.pages_capped} />}
    </div>
  );
}

function Empty({ tab }: { tab: LikeTab }) {
  const { t } = useTranslation('members');
  const action = { received: '/profile', given: '/members', matches: '/swipe-game' }[tab];
  return (
    <div className="text-center py-5" data-testid={`likes-empty-${tab}`}>
      <i className={`bi bi-${TAB_ICON[tab]} fs-1 text-body-tertiary d-block mb-2`} aria-hidden="true" />
      <h2 className="h5 fw-semibold">{t(`likes.empty.${tab}.title`)}</h2>
      <p className="text-body-secondary mx-auto mb-4 likes-empty-text">{t(`likes.empty.${tab}.text`)}</p>
      <Link to={action} className="btn btn-primary rounded-pill px-4" data-testid="likes-empty-action">
        {t(`likes.empty.${tab}.action`)}
      </Link>
    </div>
  );
}

/** `more`: the count stopped at a cap, so `pages` is a lower bound ("Page 1 of 10+"). */
function Pagination({ page, pages, more }: { page: number; pages: number; more: boolean }) {
  const { t } = useTranslation('members');
  const to = (n: number) => ({ search: n <= 1 ? '' : `?page=${n}` });
  return (
    <nav
      aria-label={t('search.pagination')}
      className="d-flex flex-wrap justify-content-center align-items-center gap-3 mt-4"
      data-testid="likes-pagination"
    >
      {page > 1 && (
        <Link to={to(page - 1)} className="btn btn-outline-primary rounded-pill px-3" rel="prev">
          <i className="bi bi-chevron-left me-1" aria-hidden="true" />
          {t('search.previous')}
        </Link>
      )}
      <span className="small text-body-secondary" aria-current="page">
        {t('search.page_of', { page, pages: more ? `${pages}+` : pages })}
      </span>
      {page < pages && (
        <Link to={to(page + 1)} className="btn btn-outline-primary rounded-pill px-3" rel="next">
          {t('search.next')}
          <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
        </Link>
      )}
    </nav>
  );
}
