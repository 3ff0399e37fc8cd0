import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { Disclaimer } from '../components/Disclaimer';
import { Footer } from '../components/Footer';
import { Logo } from '../components/ui/Logo';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useCurrentUser } from '../features/auth/api/session';
import { SignupModal } from '../features/signup/components/SignupModal';
import { SignupModalProvider } from '../features/signup/open-signup';
import { useSettings } from '../features/site/api/settings';
import { EntryWarningModal } from '../features/site/components/EntryWarningModal';
import { useBodyClasses } from './use-body-classes';

/**
 * Simple navbar with the logo, footer and disclaimer (the landing pages of /landers). Visitors come from
 * advertising: the entry warning shows as on the landing page, and signup opens as a modal on desktop.
 */
export function LanderLayout() {
  const settings = useSettings();
  const user = useCurrentUser();
  useBodyClasses(settings.niche, Boolean(user));
  return (
    <SignupModalProvider>
      <div className="layout-lander d-flex flex-column min-vh-100">
        <header className="navbar bg-body border-bottom">
          <div className="container-lg">
            <Logo name={settings.name} />
          </div>
        </header>
        <main id="main" className="flex-grow-1">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer settings={settings} />
        <Disclaimer settings={settings} />
        {user === null && <EntryWarningModal settings={settings} loggedIn={false} />}
        <SignupModal />
      </div>
    </SignupModalProvider>
  );
}
