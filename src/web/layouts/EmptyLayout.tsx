import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useCurrentUser } from '../features/auth/api/session';
import { SignupModal } from '../features/signup/components/SignupModal';
import { SignupModalProvider } from '../features/signup/open-signup';
import { useSettings } from '../features/site/api/settings';
import { EntryWarningModal } from '../features/site/components/EntryWarningModal';
import { useBodyClasses } from './use-body-classes';

/** Only the page, the entry warning and the signup modal. */
export function EmptyLayout() {
  const settings = useSettings();
  const user = useCurrentUser();
  useBodyClasses(settings.niche, Boolean(user));
  return (
    <SignupModalProvider>
      <div className="layout-empty min-vh-100">
        <main id="main">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <EntryWarningModal settings={settings} loggedIn={user !== null} />
        <SignupModal />
      </div>
    </SignupModalProvider>
  );
}
