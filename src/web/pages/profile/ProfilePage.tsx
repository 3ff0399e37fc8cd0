import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { fetchOwnProfile, ownProfileQueryKey } from '../../features/profile/api/profile';
import { PhotoManager } from '../../features/profile/components/PhotoManager';
import { ProfileSection } from '../../features/profile/components/ProfileSection';
import { UnsavedChangesGuard } from '../../features/profile/unsaved-changes';
import { useSettings } from '../../features/site/api/settings';
import { VerificationSection } from '../../features/verification/VerificationSection';
import { useHead } from '../../lib/head';

import { PERSONAL_FIELDS, PersonalSection, type VisibleField } from './PersonalSection';
import { AboutSection, BirthDateSection, LivingAreaSection } from './ProfileSections';

/** The member's own profile (/profile): photos, about me, personal details, date of birth and where they live. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const settings = useSettings();
  const user = useCurrentUser();
  useHead({ title: t('title'), siteName: settings.name });
  const profile = useQuery({
    queryKey: ownProfileQueryKey,
    queryFn: fetchOwnProfile,
    enabled: Boolean(user),
  });

  if (user === null) return null;
  if (user === undefined || profile.isPending) return <PageSpinner />;

  const visible = new Set(settings.visible_profile_fields);
  const show = (f: VisibleField) => visible.has(f);
  const note = settings.visible_profile_notes ? t('visible_note') : null;
  const personal = PERSONAL_FIELDS.filter((f) => show(f.visibleAs));

  return (
    <div className="container-lg py-4 py-md-5" data-testid="profile-page">
      <div className="row justify-content-center">
        <div className="col-md-10 col-lg-8 col-xl-7">
          <h1 className="h2 fw-semibold mb-2">{t('title')}</h1>
          <p className="text-body-secondary mb-4">{t('intro')}</p>
          {profile.isError ? (
            <div className="alert alert-danger" role="alert" data-testid="profile-load-error">
              <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
              {t('load_error')}{' '}
              <RetryButton
                variant="link"
                onRetry={() => void profile.refetch()}
                busy={profile.isFetching}
                label={t('retry')}
                testId="profile-retry"
              />
            </div>
          ) : (
            <UnsavedChangesGuard>
              <ProfileSection id="photos" title={t('sections.photos')} icon="bi-images" note={note}>
                <PhotoManager />
              </ProfileSection>
              <VerificationSection />
              {(show('about') || show('interests')) && (
                <AboutSection
                  profile={profile.data}
                  showAbout={show('about')}
                  showInterests={show('interests')}
                  note={note}
                />
              )}
              {personal.length > 0 && (
                <PersonalSection profile={profile.data} fields={personal} note={note} />
              )}
              {show('birth_date') && <BirthDateSection profile={profile.data} note={note} />}
              {show('living_area') && <LivingAreaSection profile={profile.data} note={note} />}
            </UnsavedChangesGuard>
          )}
        </div>
      </div>
    </div>
  );
}
