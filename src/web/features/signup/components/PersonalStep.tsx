import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { signupProposal } from '../../../../shared/niche-defaults';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { GENDERS, type ProfileUpdate, SEXUALITIES } from '../../../../shared/schemas/profiles';
import { sexualityFits } from '../../../../shared/seeking';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { currentLocale } from '../../../lib/i18n';
import { updateProfileCall } from '../../profile/api/profile';
import { useRegions } from '../../site/api/regions';
import { useSettings } from '../../site/api/settings';
import { useStepDraft } from '../step-draft';
import { StepNextButton } from './StepNextButton';

/** The orientations to offer for a gender: those that fit it (all while no gender is chosen). */
function sexualitiesFor(gender: string | undefined) {
  return SEXUALITIES.filter((s) => sexualityFits(gender ?? null, s));
}

/**
 * Step 2: gender, orientation (asked once: whom the member seeks follows from it, shared/seeking.ts) and where they
 * live. Only orientations that fit the chosen gender are offered; the server refuses a contradiction too.
 */
export function PersonalStep({ user, onNext }: { user: CurrentUser; onNext: () => void }) {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const locale = currentLocale();
  const regions = useRegions(locale).data;
  // A site of a niche for one pairing proposes it (gay: a man seeking men; she: a woman seeking women), changeable.
  const proposal = signupProposal(settings.niche);
  const [v, setV, clearDraft] = useStepDraft<ProfileUpdate>('personal', () => ({
    ...(proposal ? { gender: proposal.gender, sexuality: proposal.sexuality } : {}),
    country: user.profile.country,
    region: null,
    city: '',
  }));
  const save = useMutation({
    mutationFn: () => updateProfileCall(v),
    onSuccess: () => {
      clearDraft();
      onNext();
    },
  });
  const errors = fieldErrors(save.error);
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  const countryRegions = v.country ? regions?.[v.country] : undefined;
  const ready = Boolean(v.gender && v.sexuality && v.country);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (ready && !save.isPending) save.mutate();
      }}
      data-testid="signup-step-personal"
    >
      <h2 className="h5 fw-semibold">{t('signup.personal.title')}</h2>
      <FormAlert error={Object.keys(errors).length ? null : save.error} />
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold small mb-1">{t('fields.gender')}</legend>
        <div className="btn-group w-100" role="group">
          {GENDERS.map((g) => (
            <label key={g} className={`btn btn-outline-primary${v.gender === g ? ' active' : ''}`}>
              <input
                type="radio"
                className="visually-hidden"
                name="gender"
                value={g}
                checked={v.gender === g}
                onChange={() =>
                  setV((s) => ({
                    ...s,
                    gender: g,
                    sexuality: sexualityFits(g, s.sexuality ?? null) ? s.sexuality : null,
                  }))
                }
              />
              {t(`gender.${g}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-3" aria-describedby={errors.sexuality ? 'signup-sexuality-error' : undefined}>
        <legend className="form-label fw-semibold small mb-1">{t('fields.sexuality')}</legend>
        {/* Wraps where the words are long (fi 'Heteroseksuaali', 'Biseksuaali'). */}
        <div className="d-flex flex-wrap gap-2" role="group">
          {sexualitiesFor(v.gender).map((s) => (
            <label
              key={s}
              className={`btn btn-outline-primary flex-fill${v.sexuality === s ? ' active' : ''}`}
            >
              <input
                type="radio"
                className="visually-hidden"
                name="sexuality"
                value={s}
                checked={v.sexuality === s}
                onChange={() => setV((p) => ({ ...p, sexuality: s }))}
              />
              {t(`sexuality.${s}`)}
            </label>
          ))}
        </div>
        {errors.sexuality && (
          <div id="signup-sexuality-error" className="invalid-feedback d-block" role="alert">
            {errors.sexuality}
          </div>
        )}
      </fieldset>
      <div className="row g-2">
        <div className="col-sm-6">
          <FormField label={t('fields.country')} error={errors.country}>
            {(p) => (
              <select
                {...p}
                className="form-select"
                value={v.country}
                onChange={(e) => setV((s) => ({ ...s, country: e.target.value, region: null }))}
              >
                {settings.countries.map((c) => (
                  <option key={c} value={c}>
                    {countryNames.of(c)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <div className="col-sm-6">
          <FormField label={countryRegions?.label_text ?? t('fields.region')} error={errors.region}>
            {(p) => (
              <select
                {...p}
                className="form-select"
                value={v.region ?? ''}
                onChange={(e) => setV((s) => ({ ...s, region: e.target.value || null }))}
              >
                <option value="">{t('signup.choose')}</option>
                {countryRegions?.regions.map((r) => (
                  <option key={r.code} value={r.code}>
                    {r.name}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      </div>
      <FormField label={t('fields.city')} error={errors.city}>
        {(p) => (
          <input
            {...p}
            type="text"
            maxLength={80}
            autoComplete="address-level2"
            value={v.city ?? ''}
            onChange={(e) => setV((s) => ({ ...s, city: e.target.value }))}
          />
        )}
      </FormField>
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-link text-body-secondary"
          onClick={onNext}
          data-testid="signup-skip"
        >
          {t('signup.skip')}
        </button>
        <StepNextButton
          type="submit"
          busy={save.isPending}
          missing={
            ready
              ? null
              : v.gender && v.sexuality
                ? t('signup.next_missing.country')
                : t('signup.next_missing.personal')
          }
        />
      </div>
    </form>
  );
}
