import { useTranslation } from 'react-i18next';
import { ProfileSection } from '../profile/components/ProfileSection';
import { VerificationPanel } from './VerificationPanel';

/** The photo verification card of the member's own profile page, under the photos it is compared with. */
export function VerificationSection() {
  const { t } = useTranslation('verification');
  return (
    <ProfileSection id="verification" title={t('section')} icon="bi-patch-check">
      <VerificationPanel />
    </ProfileSection>
  );
}
