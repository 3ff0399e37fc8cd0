import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MatchPreferences } from '../../../../shared/schemas/matching';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { AgeStep, AreaStep, type Field, GenderStep, InterestsStep } from './MatchFinderStepViews';
export const STEPS = [1, 2, 3, 4] as const;
export type Step = (typeof STEPS)[number];

/** The step that asks for each field: a server error is shown on it. */
export const FIELD_STEP: Record<Field, Step> = {
  gender: 1,
  min_age: 2,
  max_age: 2,
  area: 3,
  radius_km: 3,
  interests: 4,
};

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
