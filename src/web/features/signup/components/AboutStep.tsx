import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Interest } from '../../../../shared/rules';
import { ABOUT_MAX } from '../../../../shared/schemas/profiles';
import { FormAlert, fieldErrors } from '../../../components/form/FormAlert';
import { FormField } from '../../../components/form/FormField';
import { updateProfileCall } from '../../profile/api/profile';
import { InterestPicker } from '../../profile/components/InterestPicker';
import { useStepDraft } from '../step-draft';
import { StepNextButton } from './StepNextButton';

/** Step 3: a few words about themselves and their interests. */
export function AboutStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation('auth');
  const [draft, setDraft, clearDraft] = useStepDraft<{ about: string; interests: Interest[] }>(
    'about',
    () => ({
      about: '',
      interests: [],
    }),
  );
  const { about, interests: chosen } = draft;
  const setAbout = (value: string) => setDraft((d) => ({ ...d, about: value }));
  const setChosen = (value: Interest[]) => setDraft((d) => ({ ...d, interests: value }));
  const save = useMutation({
    mutationFn: () => updateProfileCall({ about, interests: chosen }),
    onSuccess: () => {
      clearDraft();
      onNext();
    },
  });
  const errors = fieldErrors(save.error);
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
      {/* One Tab stop for all interests (arrow keys inside), so Next is a few Tabs away. */}
      <InterestPicker
        value={chosen}
        onChange={(v) => setChosen(v as Interest[])}
        legend={t('fields.interests')}
        error={errors.interests}
      />
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-link text-body-secondary"
          onClick={onNext}
          data-testid="signup-skip"
        >
          {t('signup.skip')}
        </button>
        <StepNextButton type="submit" busy={save.isPending} />
      </div>
    </form>
  );
}
