import { useTranslation } from 'react-i18next';

/** The console's loading indicator (its text is read out to screen readers). */
export function ConsoleSpinner() {
  const { t } = useTranslation('console');
  return (
    <div className="d-flex justify-content-center align-items-center py-5" role="status">
      <div className="spinner-border text-primary" aria-hidden="true" />
      <span className="visually-hidden">{t('loading')}</span>
    </div>
  );
}
