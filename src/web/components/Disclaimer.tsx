import { useTranslation } from 'react-i18next';
import type { PublicSettings } from '../../shared/schemas/sites';

/** Adult-only notice and the fictional-profiles disclosure shown under every default and lander page. */
export function Disclaimer({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation();
  return (
    <aside className="disclaimer small text-body-secondary" aria-label={t('disclaimer.label')}>
      <div className="container-lg py-3">
        <p className="mb-1">
          <span className="badge text-bg-dark me-2">{settings.min_age}+</span>
          {t('disclaimer.adults', { minAge: settings.min_age, siteName: settings.name })}
        </p>
        <p className="mb-0">
          <i className={`bi bi-${settings.fictional_icon} me-1`} aria-hidden="true" />
          {settings.fictional_warning}
        </p>
      </div>
    </aside>
  );
}
