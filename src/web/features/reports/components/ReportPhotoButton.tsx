import { useTranslation } from 'react-i18next';

/** "Report this photo", as the photo viewer of a profile offers it; the caller opens the report dialog. */
export function ReportPhotoButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('reports');
  return (
    <button
      type="button"
      className="btn btn-link btn-sm text-body-secondary"
      onClick={onClick}
      data-testid="report-photo-open"
    >
      <i className="bi bi-flag me-1" aria-hidden="true" />
      {t('photo_open')}
    </button>
  );
}
