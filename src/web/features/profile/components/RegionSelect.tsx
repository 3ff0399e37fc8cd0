import { useTranslation } from 'react-i18next';
import { FormField } from '../../../components/form/FormField';
import { currentLocale } from '../../../lib/i18n';
import { useRegions } from '../../site/api/regions';

/**
 * The region select of a country, labelled with the country's own word for a region (label_text of regions.php,
 * e.g. "Province" or "State"). Nothing is shown for a country without regions.
 */
export function RegionSelect({
  country,
  value,
  onChange,
  error,
  className,
}: {
  country: string;
  value: string | null;
  onChange: (region: string | null) => void;
  error?: string | undefined;
  className?: string;
}) {
  const { t } = useTranslation('profile');
  const regions = useRegions(currentLocale());
  const countryRegions = regions.data?.[country];
  if (regions.isSuccess && !countryRegions?.regions.length) return null;
  return (
    <FormField label={countryRegions?.label_text ?? t('fields.region')} error={error} className={className}>
      {(p) => (
        <select
          {...p}
          className={`form-select${error ? ' is-invalid' : ''}`}
          value={value ?? ''}
          disabled={!countryRegions}
          onChange={(e) => onChange(e.target.value || null)}
          data-testid="profile-region"
        >
          <option value="">{t('not_specified')}</option>
          {countryRegions?.regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
