import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useSettings } from '../features/site/api/settings';
import { EntryWarningModal } from '../features/site/components/EntryWarningModal';
import { useBodyClasses } from './use-body-classes';

/** Only the page, the entry warning (and, with accounts, the signup modal). */
export function EmptyLayout() {
  const settings = useSettings();
  useBodyClasses(settings.niche, false);
  return (
    <div className="layout-empty min-vh-100">
      <main id="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      <EntryWarningModal settings={settings} loggedIn={false} />
    </div>
  );
}
