import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useCurrentUser } from '../features/auth/api/session';
import { DiscreetApp } from '../features/consent/components/DiscreetApp';
import { useSettings } from '../features/site/api/settings';
import { EntryWarningModal } from '../features/site/components/EntryWarningModal';
import { useBodyClasses } from './use-body-classes';

// Loads on its own for members, not with the first page (as in DefaultLayout; size budgets, issue 24).
const ConsentGate = lazy(() =>
  import('../features/consent/components/ConsentGate').then((m) => ({ default: m.ConsentGate })),
);

/** Variants whose chat layout shows the entry warning. */
export const CHAT_ENTRY_WARNING_LANGUAGES = new Set(['nl', 'de']);

/** Bare layout; the entry warning appears only on the NL and DE variants. */
export function ChatLayout() {
  const settings = useSettings();
  const user = useCurrentUser();
  useBodyClasses(settings.niche, Boolean(user));
  return (
    <div className="layout-chat min-vh-100">
      <main id="main">
        <Suspense fallback={<PageSpinner />}>
          <Outlet />
        </Suspense>
      </main>
      {user && (
        <Suspense fallback={null}>
          <ConsentGate />
        </Suspense>
      )}
      {user && <DiscreetApp />}
      {CHAT_ENTRY_WARNING_LANGUAGES.has(settings.domain_language) && (
        <EntryWarningModal settings={settings} loggedIn={user !== null} />
      )}
    </div>
  );
}
