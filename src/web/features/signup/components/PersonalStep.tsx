import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { GENDERS, type ProfileUpdate, SEXUALITIES } from '../../../../shared/schemas/profiles';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { currentLocale } from '../../../lib/i18n';
import { updateProfileCall } from '../../profile/api/profile';
import { useRegions } from '../../site/api/regions';
import { useSettings } from '../../site/api/settings';

/** Step 2: gender, who they are looking for, orientation and where they live. */
export function PersonalStep({ user, onNext }: { user: CurrentUser; onNext: () => void }) {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const locale = currentLocale();
  const regions = useRegions(locale).data;
  const [v, setV] = useState<ProfileUpdate>({ country: user.profile.country, region: null, city: '' });
  const save = useMutation({ mutationFn: () => updateProfileCall(v), onSuccess: onNext });
  const errors = fieldErrors(save.error);
  const countryNames = new Intl.DisplayNames([locale], { type: 'region' });
  const countryRegions = v.country ? regions?.[v.country] : undefined;
  const ready = Boolean(v.gender && v.seeking_gender && v.country);
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
                onChange={() => setV((s) => ({ ...s, gender: g }))}
              />
              {t(`gender.${g}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold small mb-1">{t('fields.seeking')}</legend>
        <div className="btn-group w-100" role="group">
          {GENDERS.map((g) => (
            <label key={g} className={`btn btn-outline-primary${v.seeking_gender === g ? ' active' : ''}`}>
              <input
                type="radio"
                className="visually-hidden"
                name="seeking_gender"
                value={g}
                checked={v.seeking_gender === g}
                onChange={() => setV((s) => ({ ...s, seeking_gender: g }))}
              />
              {t(`seeking.${g}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FormField label={t('fields.sexuality')} error={errors.sexuality}>
        {(p) => (
          <select
            {...p}
            className="form-select"
            value={v.sexuality ?? ''}
            onChange={(e) =>
              setV((s) => ({ ...s, sexuality: (e.target.value || null) as ProfileUpdate['sexuality'] }))
            }
          >
            <option value="">{t('signup.choose')}</option>
            {SEXUALITIES.map((s) => (
              <option key={s} value={s}>
                {t(`sexuality.${s}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
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
        <BusyButton
          type="submit"
          className="btn btn-primary rounded-pill px-4 ms-auto"
          busy={save.isPending}
          disabled={!ready}
          data-testid="signup-next"
        >
          {t('signup.next')}
        </BusyButton>
      </div>
    </form>
  );
}
