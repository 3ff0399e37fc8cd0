import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Disclaimer } from '../components/Disclaimer';
import { Footer } from '../components/Footer';
import { TopBar } from '../components/TopBar';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useSettings } from '../features/site/api/settings';
import { EntryWarningModal } from '../features/site/components/EntryWarningModal';
import { useBodyClasses } from './use-body-classes';

/** Top navigation, warning banners, footer, disclaimer, entry warning (and, with accounts, the signup modal). */
export function DefaultLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  useBodyClasses(settings.niche, false);
  return (
    <div className="layout-default d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable skip-link" href="#main">
        {t('nav.skip')}
      </a>
      <TopBar settings={settings} />
      <main id="main" className="flex-grow-1">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer settings={settings} />
      <Disclaimer settings={settings} />
      <EntryWarningModal settings={settings} loggedIn={false} />
    </div>
  );
}
