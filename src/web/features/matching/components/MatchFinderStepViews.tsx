import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULES } from '../../../../shared/rules';
import {
  MATCH_RADII_KM,
  type MatchArea,
  type MatchPreferences,
  type MatchPreferencesResponse,
} from '../../../../shared/schemas/matching';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN } from '../../../../shared/schemas/search';
import { FormField } from '../../../components/form/FormField';
import { RetryButton } from '../../../components/ui/RetryButton';
import { currentLocale } from '../../../lib/i18n';
import { ownProfileQueryKey, updateProfileCall } from '../../profile/api/profile';
import { type LocatedPlace, LocationButton } from '../../profile/components/LocationButton';
import { useInterests } from '../../site/api/interests';
import { matchPreferencesQuery } from '../api/matching';

/** A field of the match preferences (MatchFinderSteps maps each to its step). */
export type Field = keyof MatchPreferences;

/** The four steps' views of the match finder (MatchFinderSteps holds the flow and its state). */
export type GenderChoice = 'male' | 'female' | 'both';
const GENDER_CHOICES: readonly { value: GenderChoice; icon: string }[] = [
  { value: 'male', icon: 'gender-male' },
  { value: 'female', icon: 'gender-female' },
  { value: 'both', icon: 'people' },
];
const AREA_ICONS: Record<MatchArea, string> = {
  nearby: 'geo-alt',
  region: 'map',
  country: 'flag',
  anywhere: 'globe-europe-africa',
};
const AREAS: readonly MatchArea[] = ['nearby', 'region', 'country', 'anywhere'];
const AGES = Array.from({ length: SEARCH_AGE_MAX - SEARCH_AGE_MIN + 1 }, (_, i) => SEARCH_AGE_MIN + i);

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert" data-testid="match-finder-error">
      {message}
    </div>
  );
}

/** Radio tiles: one big choice each (an icon, a label and an optional line). */
export function OptionTile({
  name,
  value,
  checked,
  disabled = false,
  icon,
  label,
  detail,
  onChange,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  icon: string;
  label: string;
  detail?: string;
  onChange: () => void;
}) {
  const id = useId();
  return (
    <div className="match-option">
      <input
        type="radio"
        className="btn-check"
        id={id}
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onChange}
        data-testid={`match-option-${value}`}
      />
      <label className="btn match-option-label w-100 h-100" htmlFor={id}>
        <i className={`bi bi-${checked ? 'check-circle-fill' : icon} match-option-icon`} aria-hidden="true" />
        <span className="d-block fw-semibold">{label}</span>
        {detail && <span className="d-block small match-option-detail">{detail}</span>}
      </label>
    </div>
  );
}

export function GenderStep({
  value,
  onChange,
  error,
}: {
  value: MatchPreferences['gender'];
  onChange: (g: MatchPreferences['gender']) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('matching');
  const name = useId();
  const current: GenderChoice = value ?? 'both';
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="visually-hidden">{t('step1.title')}</legend>
      <div className="match-options match-options-3">
        {GENDER_CHOICES.map((c) => (
          <OptionTile
            key={c.value}
            name={name}
            value={c.value}
            checked={current === c.value}
            icon={c.icon}
            label={t(`gender.${c.value}`)}
            onChange={() => onChange(c.value === 'both' ? null : c.value)}
          />
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
    </fieldset>
  );
}

export function AgeStep({
  min,
  max,
  errors,
  onMin,
  onMax,
}: {
  min: number;
  max: number;
  errors: Partial<Record<Field, string>>;
  onMin: (n: number) => void;
  onMax: (n: number) => void;
}) {
  const { t } = useTranslation('matching');
  const select =
    (value: number, onPick: (n: number) => void, testId: string) =>
    (p: { id: string; 'aria-invalid': boolean; 'aria-describedby': string | undefined }) => (
      <select
        {...p}
        className={`form-select form-select-lg${p['aria-invalid'] ? ' is-invalid' : ''}`}
        value={value}
        onChange={(e) => onPick(Number(e.target.value))}
        data-testid={testId}
      >
        {AGES.map((a) => (
          <option key={a} value={a}>
            {a}
          </option>
        ))}
      </select>
    );
  return (
    <div>
      <div className="row g-3 match-age-row">
        <div className="col-6">
          <FormField label={t('age.min')} error={errors.min_age} className="mb-0">
            {select(min, onMin, 'match-min-age')}
          </FormField>
        </div>
        <div className="col-6">
          <FormField label={t('age.max')} error={errors.max_age} className="mb-0">
            {select(max, onMax, 'match-max-age')}
          </FormField>
        </div>
      </div>
      <p className="match-age-summary mt-3 mb-0" aria-live="polite" data-testid="match-age-summary">
        <i className="bi bi-calendar-heart me-2 text-primary" aria-hidden="true" />
        {t('age.summary', { min, max })}
      </p>
    </div>
  );
}

export function AreaStep({
  area,
  radius,
  hasLocation,
  errors,
  onArea,
  onRadius,
}: {
  area: MatchArea;
  radius: number;
  hasLocation: boolean;
  errors: Partial<Record<Field, string>>;
  onArea: (a: MatchArea) => void;
  onRadius: (r: number) => void;
}) {
  const { t } = useTranslation('matching');
  const name = useId();
  const error = errors.area;
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="visually-hidden">{t('step3.title')}</legend>
      <div className="match-options match-options-4">
        {AREAS.map((a) => (
          <OptionTile
            key={a}
            name={name}
            value={a}
            checked={area === a}
            disabled={a === 'nearby' && !hasLocation}
            icon={AREA_ICONS[a]}
            label={t(`area.${a}`)}
            detail={t(`area.${a}_detail`)}
            onChange={() => onArea(a)}
          />
        ))}
      </div>
      <FieldError id={`${name}-error`} message={error} />
      {area === 'nearby' && hasLocation && (
        <FormField label={t('area.radius')} error={errors.radius_km} className="mt-3 mb-0 match-radius">
          {(p) => (
            <select
              {...p}
              className={`form-select${errors.radius_km ? ' is-invalid' : ''}`}
              value={radius}
              onChange={(e) => onRadius(Number(e.target.value))}
              data-testid="match-radius"
            >
              {MATCH_RADII_KM.map((km) => (
                <option key={km} value={km}>
                  {t('area.radius_option', { km })}
                </option>
              ))}
            </select>
          )}
        </FormField>
      )}
      {!hasLocation && <LocationOffer onSaved={() => onArea('nearby')} />}
    </fieldset>
  );
}

/**
 * "Near me" needs a position on the own profile: the explanation and the location button, which stores the
 * position right away (only the position: the member's country, region and city stay as they are).
 */
export function LocationOffer({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation('matching');
  const client = useQueryClient();
  const [state, setState] = useState<'idle' | 'saving' | 'failed'>('idle');
  const onLocated = useCallback(
    (place: LocatedPlace) => {
      setState('saving');
      updateProfileCall({ lat: place.lat, lon: place.lon }).then(
        () => {
          client.setQueryData<MatchPreferencesResponse>(matchPreferencesQuery().queryKey, (old) =>
            old ? { ...old, has_location: true } : old,
          );
          void client.invalidateQueries({ queryKey: ownProfileQueryKey });
          onSaved();
        },
        () => setState('failed'),
      );
    },
    [client, onSaved],
  );
  return (
    <div className="match-location mt-3 p-3 rounded-3" data-testid="match-finder-location">
      <p className="small mb-2">
        <i className="bi bi-info-circle me-2" aria-hidden="true" />
        {t('area.nearby_needs_location')}
      </p>
      {state === 'saving' ? (
        <p className="small mb-0" role="status">
          <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
          {t('area.location_saving')}
        </p>
      ) : (
        <>
          <LocationButton onLocated={onLocated} />
          {state === 'failed' && (
            <p className="small text-danger-emphasis mt-2 mb-0" role="alert">
              {t('area.location_failed')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

export function InterestsStep({
  value,
  onChange,
  error,
}: {
  value: readonly string[];
  onChange: (v: MatchPreferences['interests']) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation('matching');
  const id = useId();
  const interests = useInterests(currentLocale());
  const options = interests.data ?? [];
  const max = RULES.matching.maxInterests;
  const full = value.length >= max;
  const toggle = (v: string) => {
    const next = value.includes(v) ? value.filter((x) => x !== v) : [...value, v];
    if (next.length > max) return;
    const order = options.map((o) => o.value);
    onChange(next.sort((a, b) => order.indexOf(a) - order.indexOf(b)) as MatchPreferences['interests']);
  };
  return (
    <fieldset
      aria-describedby={error ? `${id}-count ${id}-error` : `${id}-count`}
      data-testid="match-interests"
    >
      <legend className="visually-hidden">{t('step4.title')}</legend>
      <p
        id={`${id}-count`}
        className={`small fw-semibold mb-3 ${full ? 'text-primary-emphasis' : 'text-body-secondary'}`}
        aria-live="polite"
        data-testid="match-interests-count"
      >
        {t('interests.count', { count: value.length, max })}
        {full && ` ${t('interests.full')}`}
      </p>
      {interests.isError ? (
        <div className="small" role="alert">
          <p className="mb-2">{t('interests.error')}</p>
          <RetryButton
            variant="outline"
            onRetry={() => void interests.refetch()}
            busy={interests.isFetching}
            label={t('retry')}
          />
        </div>
      ) : interests.isPending ? (
        <div className="d-flex align-items-center gap-2 small text-body-secondary" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('interests.loading')}
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-2 interest-chips match-interest-chips">
          {options.map((i) => {
            const on = value.includes(i.value);
            return (
              <button
                type="button"
                key={i.value}
                className={`btn btn-sm rounded-pill ${on ? 'btn-primary' : 'btn-light border'}`}
                aria-pressed={on}
                disabled={!on && full}
                onClick={() => toggle(i.value)}
                data-testid={`interest-${i.value}`}
              >
                <i className={`bi ${on ? 'bi-check-lg' : `bi-${i.icon}`} me-1`} aria-hidden="true" />
                {i.label}
              </button>
            );
          })}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
