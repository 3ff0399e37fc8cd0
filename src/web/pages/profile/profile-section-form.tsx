import { type FormEvent, type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type OwnProfile, profileUpdateSchema } from '../../../shared/schemas/profiles';
import { FormAlert, fieldErrors } from '../../components/form/FormAlert';
import { SectionSave } from '../../features/profile/components/ProfileSection';
import { changedFields, type ProfileSaveBody, useProfileSave } from '../../features/profile/profile-form';
import { validateWith } from '../../lib/form-errors';

// What every section of /profile shares: its form frame, its save (with unsaved-change tracking), the check for edits.

/** The form of a section: the section-level error when no field shows it, the fields, then the save button. */
export function SectionForm({
  id,
  fields,
  errors,
  error,
  pending,
  saved,
  onSubmit,
  children,
}: {
  id: string;
  fields: readonly string[];
  errors: Record<string, string>;
  error: unknown;
  pending: boolean;
  saved: boolean;
  onSubmit: () => void;
  children: ReactNode;
}) {
  const shownUnderField = fields.some((f) => errors[f]);
  return (
    <form
      noValidate
      onSubmit={(e: FormEvent) => {
        e.preventDefault();
        if (!pending) onSubmit();
      }}
      data-testid={`profile-${id}-form`}
    >
      {!shownUnderField && <FormAlert error={error} />}
      {children}
      <SectionSave id={id} pending={pending} saved={saved} />
    </form>
  );
}

/**
 * Shared by the editable sections: saves only the changed fields (nothing to send just confirms), validates with
 * the shared schema first, keeps what was typed on an error and shows the server's field messages.
 */
export function useSectionSave(profile: OwnProfile) {
  const { t } = useTranslation('profile');
  const save = useProfileSave();
  const [saved, setSaved] = useState(false);
  // Edited since the last save: with a value that differs from the saved profile, leaving asks first.
  const [touched, setTouched] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const errors = { ...fieldErrors(save.error), ...clientErrors };
  const submit = (
    values: Record<string, unknown>,
    extra: Partial<ProfileSaveBody>,
    onSaved: (p: OwnProfile) => void,
  ) => {
    const body = { ...changedFields(profile, values), ...extra } as ProfileSaveBody;
    const found = validateWith(profileUpdateSchema, body, t);
    setClientErrors(found);
    if (Object.keys(found).length > 0 || Object.keys(body).length === 0) {
      save.reset();
      setSaved(Object.keys(found).length === 0);
      if (Object.keys(found).length === 0) setTouched(false);
      return;
    }
    setSaved(false);
    save.mutate(body, {
      onSuccess: (p) => {
        onSaved(p);
        setSaved(true);
        setTouched(false);
      },
    });
  };
  const edited = useCallback(() => {
    setSaved(false);
    setTouched(true);
  }, []);
  return { save, saved, errors, submit, edited, touched };
}

/** Whether `values` differ from the saved profile (edits a member would lose by leaving). */
export function differs(profile: OwnProfile, values: Record<string, unknown>): boolean {
  return Object.keys(changedFields(profile, values)).length > 0;
}
