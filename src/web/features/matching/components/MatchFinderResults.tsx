import { useQueries } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchCard, MatchPreferences } from '../../../../shared/schemas/matching';
import { BusyButton } from '../../../components/ui/BusyButton';
import { PageSpinner } from '../../../components/ui/PageSpinner';
import { RetryButton } from '../../../components/ui/RetryButton';
import { useSettings } from '../../site/api/settings';
import { matchFinderQuery } from '../api/matching';
import { MatchFinderGrid } from './MatchFinderCard';

/** The saved preferences in a few words: "Men · 25–40 · My country · 2 interests". */
export function PreferencesSummary({ preferences }: { preferences: MatchPreferences }) {
  const { t } = useTranslation('matching');
  const parts = [
    t(`gender.${preferences.gender ?? 'both'}`),
    t('summary.ages', { min: preferences.min_age, max: preferences.max_age }),
    preferences.area === 'nearby'
      ? t('summary.nearby', { km: preferences.radius_km })
      : t(`area.${preferences.area}`),
    ...(preferences.interests.length > 0
      ? [t('summary.interests', { count: preferences.interests.length })]
      : []),
  ];
  return (
    <ul
      className="match-summary list-unstyled d-flex flex-wrap gap-2 mb-0"
      data-testid="match-finder-summary"
    >
      {parts.map((p) => (
        <li key={p} className="badge rounded-pill text-body bg-body-tertiary border fw-normal">
          {p}
        </li>
      ))}
    </ul>
  );
}

/**
 * The ranked members, best first, a page at a time: "Show more" adds the next page while there is one. The spinner
 * shows on the first load only; a later page that fails keeps what is shown and offers a retry.
 */
export function MatchFinderResults({ onEdit }: { onEdit: () => void }) {
  const { t } = useTranslation('matching');
  const settings = useSettings();
  const [pages, setPages] = useState(1);
  const queries = useQueries({
    queries: Array.from({ length: pages }, (_, i) => matchFinderQuery(i + 1)),
  });
  const first = queries[0]!;
  const last = queries[queries.length - 1]!;

  if (!first.data && first.isError) {
    return (
      <div className="text-center py-5" role="alert" data-testid="match-finder-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('results.error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void first.refetch()}
          busy={first.isFetching}
          label={t('retry')}
          testId="match-finder-retry"
        />
      </div>
    );
  }
  if (!first.data) return <PageSpinner />;

  // The loaded pages in order, up to the first one still missing; a member who moved up meanwhile is shown once.
  const seen = new Set<number>();
  const cards: MatchCard[] = [];
  const liked = new Set<number>();
  for (const q of queries) {
    if (!q.data) break;
    for (const id of q.data.liked) liked.add(id);
    for (const c of q.data.items) {
      if (seen.has(c.id)) continue;
      seen.add(c.id);
      cards.push(c);
    }
  }

  if (cards.length === 0) {
    return (
      <div className="text-center py-5 match-empty mx-auto" data-testid="match-finder-empty">
        <i className="bi bi-search-heart fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <h2 className="h5 fw-semibold">{t('results.empty_title')}</h2>
        <p className="text-body-secondary mb-4">{t('results.empty_text')}</p>
        <button
          type="button"
          className="btn btn-primary rounded-pill px-4"
          onClick={onEdit}
          data-testid="match-finder-empty-edit"
        >
          <i className="bi bi-sliders me-2" aria-hidden="true" />
          {t('results.widen')}
        </button>
      </div>
    );
  }

  const anyFictional = cards.some((c) => c.fictional);
  return (
    <div data-testid="match-finder-results">
      {anyFictional && settings.fictional_warning && (
        <p className="small text-body-secondary mb-3" data-testid="match-finder-fictional-warning">
          <i className={`bi bi-${settings.fictional_icon} me-1 text-warning`} aria-hidden="true" />
          {settings.fictional_warning}
        </p>
      )}
      <h2 className="visually-hidden">{t('results.list')}</h2>
      <MatchFinderGrid
        cards={cards}
        fictionalIcon={settings.fictional_icon}
        liked={liked}
        testId="match-finder-grid"
      />
      <div className="text-center mt-4">
        {last.isError ? (
          <div className="d-inline-flex flex-wrap align-items-center gap-2" role="alert">
            <span className="small">{t('results.more_error')}</span>
            <RetryButton
              variant="outline"
              onRetry={() => void last.refetch()}
              busy={last.isFetching}
              label={t('retry')}
              testId="match-finder-more-retry"
            />
          </div>
        ) : (
          (!last.data || last.data.has_more) && (
            <BusyButton
              className="btn btn-outline-primary rounded-pill px-4"
              busy={!last.data}
              onClick={() => setPages((n) => n + 1)}
              data-testid="match-finder-more"
            >
              {t('results.more')}
            </BusyButton>
          )
        )}
      </div>
    </div>
  );
}
