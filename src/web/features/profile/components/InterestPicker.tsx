import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRovingTabIndex } from '../../../components/ui/roving-tabindex';
import { currentLocale } from '../../../lib/i18n';
import { useInterests } from '../../site/api/interests';

/**
 * The interest chips: every interest of the site (labels and icons from interests.php) as a toggle button
 * (aria-pressed) in one group (the fieldset), which is a single Tab stop: the arrow keys move between the chips and
 * Space toggles one. The chosen values are kept in the order of the site's list.
 */
export function InterestPicker({
  value,
  onChange,
  legend,
  error,
}: {
  value: readonly string[];
  onChange: (value: string[]) => void;
  legend: string;
  error?: string | undefined;
}) {
  const { t } = useTranslation('profile');
  const id = useId();
  const interests = useInterests(currentLocale());
  const options = interests.data ?? [];
  const itemProps = useRovingTabIndex(options.length);
  const toggle = (v: string) => {
    const next = value.includes(v) ? value.filter((x) => x !== v) : [...value, v];
    const order = options.map((o) => o.value);
    onChange(next.sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  };
  const describedBy = error ? `${id}-hint ${id}-error` : `${id}-hint`;
  return (
    <fieldset className="mb-3" aria-describedby={describedBy} data-testid="interest-picker">
      <legend className="form-label fw-semibold small mb-1">{legend}</legend>
      <p id={`${id}-hint`} className="form-text mt-0 mb-2">
        {t('interests.hint')} {t('interests.selected', { count: value.length })}{' '}
        <span className="visually-hidden">{t('interests.keys')}</span>
      </p>
      {interests.isPending ? (
        <div className="d-flex align-items-center gap-2 small text-body-secondary" role="status">
          <span className="spinner-border spinner-border-sm" aria-hidden="true" />
          {t('interests.loading')}
        </div>
      ) : (
        <div className="d-flex flex-wrap gap-2 interest-chips">
          {options.map((i, index) => {
            const on = value.includes(i.value);
            return (
              <button
                type="button"
                key={i.value}
                {...itemProps(index)}
                className={`btn btn-sm rounded-pill ${on ? 'btn-primary' : 'btn-light border'}`}
                aria-pressed={on}
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
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block" role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}
