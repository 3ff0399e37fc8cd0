import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Interest } from '../../../../shared/rules';
import { ABOUT_MAX } from '../../../../shared/schemas/profiles';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { BusyButton } from '../../../components/ui/BusyButton';
import { currentLocale } from '../../../lib/i18n';
import { updateProfileCall } from '../../profile/api/profile';
import { useInterests } from '../../site/api/interests';

/** Step 3: a few words about themselves and their interests. */
export function AboutStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation('auth');
  const interests = useInterests(currentLocale()).data ?? [];
  const [about, setAbout] = useState('');
  const [chosen, setChosen] = useState<Interest[]>([]);
  const save = useMutation({
    mutationFn: () => updateProfileCall({ about, interests: chosen }),
    onSuccess: onNext,
  });
  const errors = fieldErrors(save.error);
  const toggle = (v: Interest) => setChosen((c) => (c.includes(v) ? c.filter((x) => x !== v) : [...c, v]));
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (!save.isPending) save.mutate();
      }}
      data-testid="signup-step-about"
    >
      <h2 className="h5 fw-semibold">{t('signup.about.title')}</h2>
      <FormAlert error={Object.keys(errors).length ? null : save.error} />
      <FormField
        label={t('fields.about')}
        error={errors.about}
        hint={t('signup.about.hint', { count: about.length, max: ABOUT_MAX })}
      >
        {(p) => (
          <textarea
            {...p}
            rows={4}
            maxLength={ABOUT_MAX}
            value={about}
            onChange={(e) => setAbout(e.target.value)}
            placeholder={t('signup.about.placeholder')}
          />
        )}
      </FormField>
      <fieldset className="mb-3">
        <legend className="form-label fw-semibold small mb-2">{t('fields.interests')}</legend>
        <div className="d-flex flex-wrap gap-2 interest-chips">
          {interests.map((i) => {
            const on = chosen.includes(i.value as Interest);
            return (
              <button
                type="button"
                key={i.value}
                className={`btn btn-sm rounded-pill ${on ? 'btn-primary' : 'btn-light border'}`}
                aria-pressed={on}
                onClick={() => toggle(i.value as Interest)}
              >
                <i className={`bi bi-${i.icon} me-1`} aria-hidden="true" />
                {i.label}
              </button>
            );
          })}
        </div>
      </fieldset>
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
          data-testid="signup-next"
        >
          {t('signup.next')}
        </BusyButton>
      </div>
    </form>
  );
}
