import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GENDERS } from '../../../shared/profile-options';
import type { SearchFilters } from '../../../shared/schemas/search';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN } from '../../../shared/search-options';
import { useCountryNames } from '../../features/members/country-names';
import { regionsQuery } from '../../features/site/api/regions';
import { useSettings } from '../../features/site/api/settings';
import { currentLocale } from '../../lib/i18n';

/** The search filters a site may offer (settings.search_fields). */
export type FilterKey = 'gender' | 'country' | 'countryregion' | 'min_age' | 'max_age' | 'verified';
export const ALL_FIELDS: readonly FilterKey[] = ['gender', 'country', 'countryregion', 'min_age', 'max_age'];
const AGES = Array.from({ length: SEARCH_AGE_MAX - SEARCH_AGE_MIN + 1 }, (_, i) => SEARCH_AGE_MIN + i);

/**
 * The search filters (gender, country, region, ages) as the site shows them; each change is put in the URL. Until
 * a member's defaults are known (`filters` undefined) the selects wait, disabled and empty, rather than show values
 * that are about to change.
 */
export function FilterBar({
  filters,
  setFilter,
  hasFilters,
}: {
  filters: SearchFilters | undefined;
  setFilter: (key: FilterKey, value: string) => void;
  hasFilters: boolean;
}) {
  const { t } = useTranslation('members');
  const { t: tv } = useTranslation('verification');
  const settings = useSettings();
  const locale = currentLocale();
  const countryName = useCountryNames(locale);
  const id = useId();
  const country = filters?.country ?? null;
  const regions = useQuery({
    ...regionsQuery(locale),
    enabled: Boolean(country),
    throwOnError: false,
  });
  const fields = new Set<string>(settings.search_fields?.length ? settings.search_fields : ALL_FIELDS);
  // The member's own country is offered even where the site does not list it (it may be their default).
  const countries = useMemo(
    () =>
      [...new Set([...settings.countries, ...(country ? [country] : [])])]
        .map((code) => ({ code, name: countryName(code) }))
        .sort((a, b) => a.name.localeCompare(b.name, locale)),
    [settings.countries, country, countryName, locale],
  );
  const countryRegions = country ? regions.data?.[country] : undefined;

  const select = (key: FilterKey, label: string, value: string | undefined, options: ReactNode) => (
    <div className="col-6 col-md">
      <label htmlFor={`${id}-${key}`} className="form-label fw-semibold small mb-1">
        {label}
      </label>
      <select
        id={`${id}-${key}`}
        className="form-select"
        value={value ?? ''}
        disabled={value === undefined}
        onChange={(e) => setFilter(key, e.target.value)}
        data-testid={`members-filter-${key}`}
      >
        {value === undefined ? <option value="" /> : options}
      </select>
    </div>
  );

  return (
    <form
      role="search"
      aria-label={t('search.filters')}
      aria-busy={filters === undefined}
      className="card border-0 shadow-sm mb-4"
      onSubmit={(e) => e.preventDefault()}
      data-testid="members-filters"
    >
      <div className="card-body row g-2 g-md-3 align-items-end">
        {fields.has('gender') &&
          select(
            'gender',
            t('search.gender'),
            filters && (filters.gender ?? ''),
            <>
              <option value="">{t('search.gender_any')}</option>
              {GENDERS.map((g) => (
                <option key={g} value={g}>
                  {t(`search.gender_${g}`)}
                </option>
              ))}
            </>,
          )}
        {fields.has('country') &&
          countries.length > 0 &&
          select(
            'country',
            t('search.country'),
            filters && (filters.country ?? ''),
            <>
              <option value="">{t('search.country_any')}</option>
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </>,
          )}
        {fields.has('countryregion') &&
          countryRegions &&
          countryRegions.regions.length > 0 &&
          select(
            'countryregion',
            countryRegions.label_text,
            filters && (filters.countryregion ?? ''),
            <>
              <option value="">{t('search.region_any')}</option>
              {countryRegions.regions.map((r) => (
                <option key={r.code} value={r.code}>
                  {r.name}
                </option>
              ))}
            </>,
          )}
        {fields.has('min_age') &&
          select(
            'min_age',
            t('search.min_age'),
            filters && String(filters.min_age),
            AGES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            )),
          )}
        {fields.has('max_age') &&
          select(
            'max_age',
            t('search.max_age'),
            filters && String(filters.max_age),
            AGES.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            )),
          )}
        <div className="col-12 col-md-auto">
          <div className="form-check form-switch mb-md-2">
            <input
              id={`${id}-verified`}
              className="form-check-input"
              type="checkbox"
              checked={filters?.verified === true}
              disabled={filters === undefined}
              onChange={(e) => setFilter('verified', e.target.checked ? '1' : '')}
              data-testid="members-filter-verified"
            />
            <label className="form-check-label small fw-semibold" htmlFor={`${id}-verified`}>
              <i className="bi bi-patch-check-fill text-primary me-1" aria-hidden="true" />
              {tv('filter')}
            </label>
          </div>
        </div>
        {hasFilters && (
          <div className="col-12 col-md-auto">
            <Link to="/members" className="btn btn-link px-0 px-md-2" data-testid="members-filters-reset">
              {t('search.reset')}
            </Link>
          </div>
        )}
      </div>
    </form>
  );
}
