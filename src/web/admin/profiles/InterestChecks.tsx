import { useQuery } from '@tanstack/react-query';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { INTERESTS } from '../../../shared/rules';
import type { ProfileDraft } from './profile-draft';
import { interestsQuery } from './profiles-api';

type Interest = ProfileDraft['interests'][number];

/** The profile's interests as checkboxes, named in the console's language (the ids while the names load). */
export function InterestChecks({
  value,
  onChange,
}: {
  value: Interest[];
  onChange: (v: Interest[]) => void;
}) {
  const { t } = useTranslation('profiles');
  const names = useQuery(interestsQuery);
  const label = (id: string) => names.data?.find((i) => i.value === id)?.label ?? id.replaceAll('_', ' ');
  return (
    <fieldset className="col-12">
      <legend className="form-label fs-6">{t('field.interests')}</legend>
      <div className="d-flex flex-wrap gap-3">
        {INTERESTS.map((id) => (
          <Form.Check
            key={id}
            id={`profile-interest-${id}`}
            label={label(id)}
            checked={value.includes(id)}
            onChange={(e) => onChange(e.target.checked ? [...value, id] : value.filter((v) => v !== id))}
          />
        ))}
      </div>
    </fieldset>
  );
}
