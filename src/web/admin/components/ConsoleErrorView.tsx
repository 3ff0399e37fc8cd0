import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { errorText } from '../admin-api';

/** The console's last resort when a screen fails: what went wrong, and a reload. */
export function ConsoleErrorView() {
  const { t } = useTranslation('console');
  const err = useRouteError();
  return (
    <main className="container py-5 console-error">
      <h1 className="h3">{t('failure.title')}</h1>
      <p className="text-body-secondary">{errorText(t, err)}</p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('failure.reload')}
      </button>
    </main>
  );
}
