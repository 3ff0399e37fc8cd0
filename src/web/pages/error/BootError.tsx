import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/http';

/** Shown when the site cannot start: an unknown domain, or the server cannot be reached after all retries. */
export function BootError({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const unreachable = error.status === 0 || error.status >= 500;
  return (
    <main className="container py-5 text-center" data-testid="boot-error">
      <p className="display-4 text-primary" aria-hidden="true">
        <i className="bi bi-heartbreak" />
      </p>
      <h1 className="h3">{unreachable ? t('boot.unreachable') : error.message || t('error.default')}</h1>
      <p className="text-body-secondary">{unreachable ? t('boot.unreachable_help') : t('error.try_again')}</p>
      <button
        type="button"
        className="btn btn-primary rounded-pill px-4"
        onClick={() => window.location.reload()}
      >
        {t('boot.retry')}
      </button>
    </main>
  );
}
