import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The separate, unticked consent to process what the profile reveals about orientation and sex life (GDPR Art. 9):
 * never ticked for the member, with a link to the privacy statement; `error` is shown under it.
 */
export function SensitiveConsentCheckbox({
  checked,
  onChange,
  error,
  siteName,
  onPrivacyLink,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  error?: string | undefined;
  siteName: string;
  /** called when the privacy link is followed (a modal closes) */
  onPrivacyLink?: () => void;
}) {
  const { t } = useTranslation('consent');
  const id = useId();
  return (
    <div className="form-check mb-3 consent-check" data-testid="sensitive-consent">
      <input
        className={`form-check-input${error ? ' is-invalid' : ''}`}
        type="checkbox"
        id={id}
        name="sensitive_consent"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="sensitive-consent-checkbox"
      />
      <label className="form-check-label small" htmlFor={id}>
        <Trans
          t={t}
          i18nKey="checkbox.label"
          values={{ siteName }}
          components={{
            privacy: <Link to="/pages/privacy" target="_blank" rel="noopener" onClick={onPrivacyLink} />,
          }}
        />
      </label>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback" data-testid="sensitive-consent-error">
          {error}
        </div>
      )}
    </div>
  );
}
