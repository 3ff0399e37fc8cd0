import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RULES } from '../../../../shared/rules';
import {
  MATCH_RADII_KM,
  type MatchArea,
  type MatchPreferences,
  type MatchPreferencesResponse,
} from '../../../../shared/schemas/matching';
import { SEARCH_AGE_MAX, SEARCH_AGE_MIN } from '../../../../shared/schemas/search';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { RetryButton } from '../../../components/ui/RetryButton';
import { currentLocale } from '../../../lib/i18n';
import { ownProfileQueryKey, updateProfileCall } from '../../profile/api/profile';
import { type LocatedPlace, LocationButton } from '../../profile/components/LocationButton';
import { useInterests } from '../../site/api/interests';
import { matchPreferencesQuery } from '../api/matching';

export const STEPS = [1, 2, 3, 4] as const;
export type Step = (typeof STEPS)[number];

type Field = keyof MatchPreferences;
/** The step that asks for each field: a server error is shown on it. */
export const FIELD_STEP: Record<Field, Step> = {
  gender: 1,
  min_age: 2,
  max_age: 2,
  area: 3,
  radius_km: 3,
  interests: 4,
};

type GenderChoice = 'male' | 'female' | 'both';
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

/** Server field messages by field ("interests.3" counts as "interests"). */
function errorsByField(error: unknown): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  for (const [key, message] of Object.entries(fieldErrors(error))) {
    const field = key.split('.')[0] as Field;
    if (field in FIELD_STEP && !out[field]) out[field] = message;
  }
  return out;
}

/**
 * The match finder's four questions (who, age, area, interests), one step at a time with a progress bar. The answers
 * live here while the member goes back and forth; "Show my matches" hands them to `onSubmit`. A failed save brings
 * the member to the first step with a field error, shown at its field.
 */
export function MatchFinderSteps({
  initial,
  hasLocation,
  saving,
  error,
  onSubmit,
  onCancel,
}: {
  initial: MatchPreferences;
  hasLocation: boolean;
  saving: boolean;
  /** the failed save, if any */
  error: unknown;
  onSubmit: (prefs: MatchPreferences) => void;
  /** back to the results without saving (only for a member who already has saved preferences) */
  onCancel?: (() => void) | undefined;
}) {
  const { t } = useTranslation('matching');
  const [draft, setDraft] = useState<MatchPreferences>(initial);
  const [step, setStep] = useState<Step>(1);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const moved = useRef(false);

  // A failed save: its field messages, and the first step that has one.
  useEffect(() => {
    const found = errorsByField(error);
    setErrors(found);
    const steps = (Object.keys(found) as Field[]).map((f) => FIELD_STEP[f]);
    if (steps.length > 0) {
      moved.current = true;
      setStep(Math.min(...steps) as Step);
    }
  }, [error]);

  // A new step takes the focus to its question, so screen readers read it and the keyboard starts there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every step change
  useEffect(() => {
    if (!moved.current) return;
    heading.current?.focus();
  }, [step]);

  const change = <K extends Field>(
    field: K,
    value: MatchPreferences[K],
    also: Partial<MatchPreferences> = {},
  ) => {
    setDraft((d) => ({ ...d, [field]: value, ...also }));
    setErrors((e) => {
      if (!e[field] && !(Object.keys(also) as Field[]).some((f) => e[f])) return e;
      const next = { ...e };
      delete next[field];
      for (const f of Object.keys(also) as Field[]) delete next[f];
      return next;
    });
  };

  const go = (to: Step) => {
    moved.current = true;
    setStep(to);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (step < 4) go((step + 1) as Step);
    else onSubmit(draft);
  };

  // A failure without a field message (network, server trouble) is shown above the buttons.
  const otherError = error && Object.keys(errorsByField(error)).length === 0 ? error : undefined;
  const titleId = useId();

  let body: ReactNode;
  if (step === 1)
    body = <GenderStep value={draft.gender} onChange={(g) => change('gender', g)} error={errors.gender} />;
  else if (step === 2)
    body = (
      <AgeStep
        min={draft.min_age}
        max={draft.max_age}
        errors={errors}
        onMin={(n) => change('min_age', n, n > draft.max_age ? { max_age: n } : {})}
        onMax={(n) => change('max_age', n, n < draft.min_age ? { min_age: n } : {})}
      />
    );
  else if (step === 3)
    body = (
      <AreaStep
        area={draft.area}
        radius={draft.radius_km}
        hasLocation={hasLocation}
        errors={errors}
        onArea={(a) => change('area', a)}
        onRadius={(r) => change('radius_km', r)}
      />
    );
  else
    body = (
      <InterestsStep
        value={draft.interests}
        onChange={(v) => change('interests', v)}
        error={errors.interests}
      />
    );

  return (
    <form
      className="match-finder-flow card border-0 shadow-sm"
      onSubmit={submit}
      noValidate
      aria-labelledby={titleId}
      data-testid="match-finder-flow"
    >
      <div className="card-body p-3 p-sm-4 p-md-5">
        <div className="d-flex justify-content-between align-items-baseline small text-body-secondary mb-2">
          <span>{t('flow.step_of', { step, total: STEPS.length })}</span>
          <span className="fw-semibold text-primary-emphasis">{t(`flow.step_name.${step}`)}</span>
        </div>
        <ProgressBar
          value={step}
          min={0}
          max={STEPS.length}
          label={t('flow.progress')}
          className="progress-thin mb-4"
          testId="match-finder-progress"
        />
        <section data-testid="match-finder-step" data-step={String(step)} key={step}>
          <h2 id={titleId} ref={heading} tabIndex={-1} className="h4 fw-semibold mb-1 match-finder-question">
            {t(`step${step}.title`)}
          </h2>
          <p className="text-body-secondary mb-4">{t(`step${step}.text`)}</p>
          {body}
        </section>
        {otherError && (
          <div className="mt-3">
            <FormAlert error={otherError} />
          </div>
        )}
        <div className="d-flex gap-2 justify-content-between align-items-center mt-4 pt-3 border-top">
          {step > 1 ? (
            <button
              type="button"
              className="btn btn-light border rounded-pill px-3 px-sm-4"
              onClick={() => go((step - 1) as Step)}
              disabled={saving}
              data-testid="match-finder-back"
            >
              <i className="bi bi-chevron-left me-1" aria-hidden="true" />
              {t('flow.back')}
            </button>
          ) : onCancel ? (
            <button
              type="button"
              className="btn btn-link text-body-secondary px-0"
              onClick={onCancel}
              data-testid="match-finder-cancel"
            >
              {t('flow.cancel')}
            </button>
          ) : (
            <span />
          )}
          {step < 4 ? (
            <button
              type="submit"
              className="btn btn-primary rounded-pill px-3 px-sm-4 ms-auto"
              data-testid="match-finder-next"
            >
              {t('flow.next')}
              <i className="bi bi-chevron-right ms-1" aria-hidden="true" />
            </button>
          ) : (
            <BusyButton
              type="submit"
              className="btn btn-primary rounded-pill px-3 px-sm-4 ms-auto"
              busy={saving}
              data-testid="match-finder-submit"
            >
              {!saving && <i className="bi bi-search-heart me-2" aria-hidden="true" />}
              {t('flow.submit')}
            </BusyButton>
          )}
        </div>
      </div>
    </form>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <div id={id} className="invalid-feedback d-block" role="alert" data-testid="match-finder-error">
      {message}
    </div>
  );
}

/** Radio tiles: one big choice each (an icon, a label and an optional line). */
function OptionTile({
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

function GenderStep({
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

function AgeStep({
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

function AreaStep({
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
function LocationOffer({ onSaved }: { onSaved: () => void }) {
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

function InterestsStep({
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
