import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { nicheVisitorSearchDefaults } from '../../../shared/niche-defaults';
import { GENDERS } from '../../../shared/profile-options';
import type { ProfileCard as Card } from '../../../shared/schemas/members';
import type { SearchDefaults, SearchFilters, SearchRequest } from '../../../shared/schemas/search';
import type { PublicSettings } from '../../../shared/schemas/sites';
import { filtersOf, resolveSearch } from '../../../shared/search-defaults';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN, SEARCH_ANY } from '../../../shared/search-options';
import { loggedOutSearchAllowed as searchAllowedBy } from '../../../shared/visitor-access';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { CamsLink } from '../../features/cams/components/CamsLink';
import { CardLikeButton } from '../../features/likes/components/LikeButton';
import { searchQuery } from '../../features/members/api/members';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { SignupLink } from '../../features/signup/components/SignupLink';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';
import { currentLocale } from '../../lib/i18n';
import { hasTrafficSource, storedTracking } from '../../lib/tracking';
import { ALL_FIELDS, FilterBar, type FilterKey } from './SearchFilterBar';
import { Pagination } from './SearchPagination';

type Gender = (typeof GENDERS)[number];

const MAX_PAGE = 500;
const PLACEHOLDER_CARDS = 8;

function intParam(value: string | null, min: number, max: number): number | undefined {
  if (!value || !/^\d{1,3}$/.test(value)) return undefined;
  const n = Number(value);
  return n >= min && n <= max ? n : undefined;
}

/**
 * The search filters the member chose, from the URL query (`any`: no filter, chosen; a filter left out takes the
 * member's default on the server). Values the API would refuse are left out (a shared link never breaks).
 */
export function readFilters(params: URLSearchParams, countries: readonly string[]): Partial<SearchRequest> {
  const filters: Partial<SearchRequest> = {};
  const gender = params.get('gender');
  if (gender === SEARCH_ANY) filters.gender = SEARCH_ANY;
  else if (gender && (GENDERS as readonly string[]).includes(gender)) filters.gender = gender as Gender;
  const country = params.get('country');
  const code = country?.toUpperCase();
  if (country === SEARCH_ANY) filters.country = SEARCH_ANY;
  else if (code && /^[A-Z]{2}$/.test(code) && (countries.length === 0 || countries.includes(code))) {
    filters.country = code;
    const region = params.get('countryregion');
    if (region && region.length <= 20) filters.countryregion = region;
  }
  const min = intParam(params.get('min_age'), SEARCH_AGE_MIN, SEARCH_AGE_MAX);
  const max = intParam(params.get('max_age'), SEARCH_AGE_MIN, SEARCH_AGE_MAX);
  if (min !== undefined) filters.min_age = min;
  if (max !== undefined && (min === undefined || max >= min)) filters.max_age = max;
  if (params.get('verified') === '1') filters.verified = '1';
  filters.page = intParam(params.get('page'), 1, MAX_PAGE) ?? 1;
  return filters;
}

/**
 * What the filter bar shows: the filters chosen, the others as the member's defaults fill them in (the server's
 * rule, src/shared/search-defaults.ts; a visitor has the niche's, src/shared/niche-defaults.ts). Undefined while
 * a member's defaults are not known yet.
 */
export function shownFilters(
  chosen: Partial<SearchRequest>,
  defaults: SearchDefaults | null | undefined,
  signedIn: boolean,
  niche = 1,
): SearchFilters | undefined {
  if (signedIn && !defaults) return undefined;
  return filtersOf(resolveSearch({ page: 1, ...chosen }, defaults ?? nicheVisitorSearchDefaults(niche)));
}

/** Spec: may a signed-out visitor search? The server's rule (src/shared/visitor-access.ts), with the stored source. */
export function loggedOutSearchAllowed(
  settings: Pick<PublicSettings, 'logged_out_search' | 'logged_out_search_trafficsource'>,
  trafficSource: boolean = hasTrafficSource(),
): boolean {
  return searchAllowedBy(
    {
      loggedOutSearch: settings.logged_out_search,
      loggedOutSearchTrafficsource: settings.logged_out_search_trafficsource,
    },
    trafficSource,
  );
}

/** The member search (/members): the home of signed-in members, open to visitors where the site allows it. */
export function MembersPage() {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const user = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const chosen = useMemo(() => readFilters(params, settings.countries), [params, settings.countries]);
  useHead({ title: t('search.title'), siteName: settings.name, description: settings.description });

  // A signed-out visitor who may not search gets the signup prompt without asking the server (whose
  // authentication_required answer would log out quietly and leave the page).
  const allowed = user === undefined ? undefined : user !== null || loggedOutSearchAllowed(settings);
  // A visitor's traffic source goes with the search: the server judges it by logged_out_search_trafficsource.
  const network = user === null ? storedTracking().network : undefined;
  const search = useQuery({ ...searchQuery(chosen, network), enabled: allowed === true });
  // A member's filters not chosen show the member's defaults, which the first answer brings.
  const shown = shownFilters(chosen, search.data?.defaults, Boolean(user) && !search.isError, settings.niche);
  const authRequired =
    allowed === false ||
    (search.error instanceof ApiError &&
      search.error.status === 403 &&
      search.error.code === 'authentication_required');

  // Paging moves to the top of the new page (links do not scroll by themselves).
  const shownPage = useRef(chosen.page);
  const page = chosen.page;
  useEffect(() => {
    if (shownPage.current === page) return;
    shownPage.current = page;
    window.scrollTo?.({ top: 0 });
  }, [page]);

  // Filters chosen in quick succession must build on each other: setSearchParams does not queue its updates (its
  // `prev` is the URL of the last render), so the next filter starts from the newest URL asked for and not shown
  // yet. A URL shown that was not asked for here (a link, the back button) forgets the ones asked for.
  const requested = useRef<string[]>([]);
  const shownParams = params.toString();
  useEffect(() => {
    const at = requested.current.indexOf(shownParams);
    requested.current = at >= 0 ? requested.current.slice(at + 1) : [];
  }, [shownParams]);

  // Every choice is kept in the URL, "Everyone" and the outer ages too: a filter left out would take the member's
  // default again.
  const setFilter = (key: FilterKey, value: string) => {
    const next = new URLSearchParams(requested.current.at(-1) ?? params);
    if (key === 'gender' || key === 'country') next.set(key, value || SEARCH_ANY);
    else if (value) next.set(key, value);
    else next.delete(key);
    if (key === 'country') next.delete('countryregion');
    // A region is chosen within the country shown, which may be the member's default: it is chosen with it.
    if (key === 'countryregion' && !next.has('country') && shown?.country) next.set('country', shown.country);
    // Keep the age range valid: moving one end past the other (as shown) moves the other along.
    const min = intParam(next.get('min_age'), SEARCH_AGE_MIN, SEARCH_AGE_MAX) ?? shown?.min_age;
    const max = intParam(next.get('max_age'), SEARCH_AGE_MIN, SEARCH_AGE_MAX) ?? shown?.max_age;
    if (min !== undefined && max !== undefined && min > max) {
      if (key === 'min_age') next.set('max_age', String(min));
      else next.set('min_age', String(max));
    }
    // Another filter means other results: back to the first page.
    next.delete('page');
    requested.current.push(next.toString());
    // The member stays where the filter is (a new page of results scrolls up, above).
    setParams(next, { preventScrollReset: true });
  };

  const hasFilters = ALL_FIELDS.some((k) => chosen[k] !== undefined) || chosen.verified !== undefined;
  let body: ReactNode;
  if (authRequired) {
    body = <SignedOutPrompt />;
  } else if (search.isError) {
    body = (
      <div className="text-center py-5" role="alert" data-testid="members-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('search.error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void search.refetch()}
          busy={search.isFetching}
          label={t('search.retry')}
          testId="members-retry"
        />
      </div>
    );
  } else if (!search.data) {
    body = <LoadingGrid />;
  } else {
    const { profiles, numResults, numResultsCapped, page, pages, similar } = search.data;
    const liked = new Set(search.data.liked ?? []);
    const anyFictional = profiles.some((p) => p.fictional) || similar.some((p) => p.fictional);
    body = (
      <div aria-busy={search.isPlaceholderData} data-testid="members-results">
        <p className="fw-semibold mb-3" aria-live="polite" data-testid="members-count">
          {numResultsCapped
            ? t('search.count_at_least', { n: new Intl.NumberFormat(currentLocale()).format(numResults) })
            : t('search.count', { count: numResults })}
          {search.isPlaceholderData && (
            <span className="spinner-border spinner-border-sm text-primary ms-2" role="status">
              <span className="visually-hidden">{t('search.updating')}</span>
            </span>
          )}
        </p>
        {anyFictional && (
          <p className="small text-body-secondary mb-3" data-testid="members-fictional-warning">
            <i className={`bi bi-${settings.fictional_icon} me-1 text-warning`} aria-hidden="true" />
            {settings.fictional_warning}
          </p>
        )}
        {profiles.length === 0 ? (
          <div className="text-center py-4" data-testid="members-empty">
            <i className="bi bi-search-heart fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
            <h2 className="h5 fw-semibold">{t('search.empty_title')}</h2>
            <p className="text-body-secondary">{t('search.empty_text')}</p>
            {hasFilters && (
              <Link to="/members" className="btn btn-outline-primary rounded-pill px-4">
                {t('search.reset')}
              </Link>
            )}
          </div>
        ) : (
          <ProfileGrid
            profiles={profiles}
            liked={liked}
            fictionalIcon={settings.fictional_icon}
            testId="members-grid"
          />
        )}
        {pages > 1 && <Pagination page={page} pages={pages} params={params} />}
        {similar.length > 0 && (
          <section className="mt-5" aria-labelledby="members-similar-title" data-testid="members-similar">
            <h2 id="members-similar-title" className="h5 fw-semibold mb-1">
              {t('search.similar_title')}
            </h2>
            <p className="small text-body-secondary mb-3">{t('search.similar_text')}</p>
            <ProfileGrid
              profiles={similar}
              liked={liked}
              fictionalIcon={settings.fictional_icon}
              testId="members-similar-grid"
            />
          </section>
        )}
      </div>
    );
  }

  return (
    <div className="container-lg py-4 py-md-5" data-testid="members-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 fw-semibold mb-0">{t('search.title')}</h1>
        {user && (
          <nav className="d-flex gap-2" aria-label={t('search.discover')}>
            <Link
              to="/swipe-game"
              className="btn btn-outline-primary btn-sm rounded-pill"
              data-testid="members-swipe-game"
            >
              <i className="bi bi-stack me-1" aria-hidden="true" />
              {t('search.swipe_game')}
            </Link>
            <Link
              to="/match-finder"
              className="btn btn-outline-primary btn-sm rounded-pill"
              data-testid="members-match-finder"
            >
              <i className="bi bi-stars me-1" aria-hidden="true" />
              {t('search.match_finder')}
            </Link>
            <CamsLink />
          </nav>
        )}
      </div>
      <FilterBar filters={shown} setFilter={setFilter} hasFilters={hasFilters} />
      {body}
    </div>
  );
}

function ProfileGrid({
  profiles,
  liked,
  fictionalIcon,
  testId,
}: {
  profiles: Card[];
  /** ids of the members the signed-in viewer likes (the search answer's `liked`) */
  liked: ReadonlySet<number>;
  fictionalIcon: string;
  testId: string;
}) {
  const user = useCurrentUser();
  return (
    <div className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6" data-testid={testId}>
      {profiles.map((p) => (
        <div className="col" key={p.id}>
          <ProfileCard
            profile={p}
            to={`/members/${p.id}`}
            fictionalIcon={fictionalIcon}
            action={
              user && user.profile.id !== p.id ? (
                <CardLikeButton profile={p} initiallyLiked={liked.has(p.id)} />
              ) : undefined
            }
          />
        </div>
      ))}
    </div>
  );
}

function LoadingGrid() {
  const { t } = useTranslation('members');
  return (
    <div data-testid="members-loading">
      <span className="visually-hidden" role="status">
        {t('search.loading')}
      </span>
      <div className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4 row-cols-xl-6" aria-hidden="true">
        {Array.from({ length: PLACEHOLDER_CARDS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div className="col" key={i}>
            <div className="card border-0 shadow-sm h-100 placeholder-glow">
              <div className="ratio ratio-1x1">
                <span className="placeholder w-100 h-100 rounded-top" />
              </div>
              <div className="card-body p-2 p-sm-3">
                <span className="placeholder col-8 d-block mb-2" />
                <span className="placeholder placeholder-sm col-5 d-block" />
              </div>
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}

function SignedOutPrompt() {
  const { t } = useTranslation('members');
  const [params] = useSearchParams();
  const search = params.toString();
  const next = encodeURIComponent(`/members${search ? `?${search}` : ''}`);
  return (
    <div className="row justify-content-center" data-testid="members-signed-out">
      <div className="col-md-8 col-lg-6">
        <div className="card border-0 shadow-sm text-center">
          <div className="card-body p-4 p-md-5">
            <i className="bi bi-people fs-1 text-primary d-block mb-2" aria-hidden="true" />
            <h2 className="h4 fw-semibold">{t('search.signed_out.title')}</h2>
            <p className="text-body-secondary">{t('search.signed_out.text')}</p>
            <div className="d-flex flex-wrap justify-content-center gap-2">
              <SignupLink className="btn btn-primary rounded-pill px-4" testId="members-signup">
                {t('search.signed_out.signup')}
              </SignupLink>
              <Link
                to={`/login?next=${next}`}
                className="btn btn-outline-primary rounded-pill px-4"
                data-testid="members-login"
              >
                {t('search.signed_out.login')}
              </Link>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
