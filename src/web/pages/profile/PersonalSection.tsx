import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileFieldName } from '../../../shared/schemas/profiles';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  type OwnProfile,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../../../shared/schemas/profiles';
import { sexualityFits } from '../../../shared/seeking';
import { FormField } from '../../components/form/FormField';
import { ProfileSection } from '../../features/profile/components/ProfileSection';
import { useReportUnsaved } from '../../features/profile/unsaved-changes';

import { differs, SectionForm, useSectionSave } from './profile-section-form';

/** Names of settings.visible_profile_fields. */
export type VisibleField = ProfileFieldName;

export type PersonalField =
  | 'gender'
  | 'sexuality'
  | 'hair_color'
  | 'eye_color'
  | 'body_type'
  | 'relationship_status'
  | 'tattoos'
  | 'signup_reason';

/**
 * The personal details, each shown when its visible field is listed. Whom the member looks for is not asked: it
 * follows from gender and orientation (shared/seeking.ts), and only orientations that fit the gender are offered.
 */
export const PERSONAL_FIELDS: {
  name: PersonalField;
  visibleAs: VisibleField;
  options: readonly string[];
  required?: boolean;
}[] = [
  { name: 'gender', visibleAs: 'gender', options: GENDERS, required: true },
  { name: 'sexuality', visibleAs: 'sexuality', options: SEXUALITIES },
  { name: 'hair_color', visibleAs: 'hair_color', options: HAIR_COLORS },
  { name: 'eye_color', visibleAs: 'eye_color', options: EYE_COLORS },
  { name: 'body_type', visibleAs: 'body_type', options: BODY_TYPES },
  { name: 'relationship_status', visibleAs: 'relationship_status', options: RELATIONSHIP_STATUSES },
  { name: 'tattoos', visibleAs: 'tattoos', options: TATTOO_OPTIONS },
  { name: 'signup_reason', visibleAs: 'signup_reason', options: SIGNUP_REASONS },
];

/** A new gender drops an orientation that does not fit it (a man is not lesbian, a woman not gay). */
function withoutContradiction(
  values: Record<PersonalField, string | null>,
): Record<PersonalField, string | null> {
  return sexualityFits(values.gender, values.sexuality) ? values : { ...values, sexuality: null };
}

export function PersonalSection({
  profile,
  fields,
  note,
}: {
  profile: OwnProfile;
  fields: typeof PERSONAL_FIELDS;
  note: ReactNode;
}) {
  const { t } = useTranslation('profile');
  const [values, setValues] = useState<Record<PersonalField, string | null>>(() => ({
    gender: profile.gender,
    sexuality: profile.sexuality,
    hair_color: profile.hair_color,
    eye_color: profile.eye_color,
    body_type: profile.body_type,
    relationship_status: profile.relationship_status,
    tattoos: profile.tattoos,
    signup_reason: profile.signup_reason,
  }));
  const { save, saved, errors, submit, edited, touched } = useSectionSave(profile);
  const current = Object.fromEntries(fields.map((f) => [f.name, values[f.name]]));
  useReportUnsaved('personal', touched && differs(profile, current));
  const onSubmit = () =>
    submit(current, {}, (p) =>
      setValues((v) => {
        const next = { ...v };
        for (const f of fields) next[f.name] = p[f.name];
        return next;
      }),
    );
  return (
    <ProfileSection id="personal" title={t('sections.personal')} icon="bi-person-vcard" note={note}>
      <SectionForm
        id="personal"
        fields={fields.map((f) => f.name)}
        errors={errors}
        error={save.error}
        pending={save.isPending}
        saved={saved}
        onSubmit={onSubmit}
      >
        <div className="row g-3 mb-3">
          {fields.map((f) => (
            <div className="col-sm-6" key={f.name}>
              <FormField label={t(`fields.${f.name}`)} error={errors[f.name]} className="mb-0">
                {(p) => (
                  <select
                    {...p}
                    className={`form-select${errors[f.name] ? ' is-invalid' : ''}`}
                    value={values[f.name] ?? ''}
                    onChange={(e) => {
                      const value = e.target.value || null;
                      setValues((v) => withoutContradiction({ ...v, [f.name]: value }));
                      edited();
                    }}
                    data-testid={`profile-${f.name}`}
                  >
                    {f.required ? (
                      values[f.name] === null && (
                        <option value="" disabled>
                          {t('choose')}
                        </option>
                      )
                    ) : (
                      <option value="">{t('not_specified')}</option>
                    )}
                    {f.options
                      .filter((o) => f.name !== 'sexuality' || sexualityFits(values.gender, o))
                      .map((o) => (
                        <option key={o} value={o}>
                          {t(`options.${f.name}.${o}`)}
                        </option>
                      ))}
                  </select>
                )}
              </FormField>
            </div>
          ))}
        </div>
      </SectionForm>
    </ProfileSection>
  );
}
