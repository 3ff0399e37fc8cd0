import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useCurrentUser } from '../../features/auth/api/session';
import { ResellSection } from '../../features/cams/components/ResellSection';
import { ConsentSection } from '../../features/consent/components/ConsentSection';
import { DiscreetSection } from '../../features/consent/components/DiscreetSection';
import { NotificationPreferences } from '../../features/notifications/components/NotificationPreferences';
import { DataExportSection } from '../../features/settings/components/DataExportSection';
import { DeleteAccountSection } from '../../features/settings/components/DeleteAccountSection';
import { EmailSection } from '../../features/settings/components/EmailSection';
import { PasswordSection } from '../../features/settings/components/PasswordSection';
import { PrivacySection } from '../../features/settings/components/PrivacySection';
import { SessionsSection } from '../../features/settings/components/SessionsSection';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { BlockedSection } from '../members/BlockedList';

/**
 * The member's settings (/notifications): notifications first, then e-mail address, password, privacy, blocked
 * members, sessions, the data download and account deletion.
 */
export function SettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useSettings();
  const user = useCurrentUser();
  const { hash } = useLocation();
  useHead({ title: t('title'), siteName: settings.name });

  // A link like /notifications#sessions: the sections render after the route, so scroll once they exist.
  const ready = Boolean(user);
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [ready, hash]);

  if (user === undefined) return <PageSpinner />;
  if (user === null) return null;
  return (
    <div className="container-lg py-4 py-md-5" data-testid="settings-page">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6">
          <h1 className="h2 fw-semibold mb-4">{t('title')}</h1>
          <NotificationPreferences />
          <EmailSection user={user} />
          <PasswordSection />
          <PrivacySection />
          <DiscreetSection />
          <ConsentSection />
          <ResellSection />
          <BlockedSection />
          <SessionsSection />
          <DataExportSection />
          <DeleteAccountSection />
        </div>
      </div>
    </div>
  );
}
