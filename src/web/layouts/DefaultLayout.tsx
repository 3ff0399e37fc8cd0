import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Disclaimer } from '../components/Disclaimer';
import { Footer } from '../components/Footer';
import { TopBar } from '../components/TopBar';
import { BannerSlot } from '../components/ui/banner-slot';
import { PageSpinner } from '../components/ui/PageSpinner';
import { useCurrentUser } from '../features/auth/api/session';
import { ActivationBanner } from '../features/auth/components/ActivationBanner';
import { DiscreetApp } from '../features/consent/components/DiscreetApp';
import { TimeBonusBanner } from '../features/discounts/components/TimeBonusBanner';
import { DisabledNotificationsAlert } from '../features/notifications/components/DisabledNotificationsAlert';
import { PushPrompt } from '../features/notifications/components/PushPrompt';
import { AddPhotoBanner } from '../features/profile/components/AddPhotoBanner';
import { FinishSignupBanner } from '../features/signup/components/FinishSignupBanner';
import { SignupModal } from '../features/signup/components/SignupModal';
import { SignupModalProvider } from '../features/signup/open-signup';
import { useSettings } from '../features/site/api/settings';
import { EntryWarningModal } from '../features/site/components/EntryWarningModal';
import { useBodyClasses } from './use-body-classes';

// Dialogs that open later or for members only load on their own, not with the first page (size budgets, issue 24).
const ConsentGate = lazy(() =>
  import('../features/consent/components/ConsentGate').then((m) => ({ default: m.ConsentGate })),
);
const TimeBonusPopup = lazy(() =>
  import('../features/discounts/components/TimeBonusPopup').then((m) => ({ default: m.TimeBonusPopup })),
);
const AutoLikeModal = lazy(() =>
  import('../features/likes/components/LikeModal').then((m) => ({ default: m.AutoLikeModal })),
);

/**
 * Top navigation, the one banner slot (the most important banner that applies), footer, disclaimer, entry warning, the
 * signup modal and the time-bonus popup.
 */
export function DefaultLayout() {
  const { t } = useTranslation();
  const settings = useSettings();
  const user = useCurrentUser();
  useBodyClasses(settings.niche, Boolean(user));
  return (
    <SignupModalProvider>
      <div className="layout-default d-flex flex-column min-vh-100">
        <a className="visually-hidden-focusable skip-link" href="#main">
          {t('nav.skip')}
        </a>
        <TopBar settings={settings} />
        {/* One banner at a time: the slot shows the most important that applies (order: banner-slot.tsx). */}
        <BannerSlot>
          <ActivationBanner user={user} />
          <DisabledNotificationsAlert />
          <FinishSignupBanner />
          <TimeBonusBanner />
          <AddPhotoBanner />
          <PushPrompt />
        </BannerSlot>
        <main id="main" className="flex-grow-1">
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </main>
        <Footer settings={settings} />
        <Disclaimer settings={settings} />
        {user === null && <EntryWarningModal settings={settings} loggedIn={false} />}
        <SignupModal />
        <Suspense fallback={null}>
          {user && <AutoLikeModal />}
          {user && <ConsentGate />}
          <TimeBonusPopup />
        </Suspense>
        {user && <DiscreetApp />}
      </div>
    </SignupModalProvider>
  );
}
