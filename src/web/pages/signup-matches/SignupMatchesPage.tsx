import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequireAuth } from '../../app/auth-guards';
import { isBuilt } from '../../app/built-routes';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useShowcase } from '../../features/landing/api';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { fetchOwnProfile, ownProfileQueryKey } from '../../features/profile/api/profile';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';

/** After the signup steps: members who match what the new member is looking for, then on to confirming the address. */
export function SignupMatchesPage() {
  return (
    <RequireAuth>
      <Matches />
    </RequireAuth>
  );
}

function Matches() {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const own = useQuery({ queryKey: ownProfileQueryKey, queryFn: fetchOwnProfile });
  const matches = useShowcase(currentLocale(), own.data?.seeking_gender);
  useHead({ title: t('matches.title'), siteName: settings.name });
  if (own.isPending || matches.isPending) return <PageSpinner />;
  const profiles = (matches.data ?? []).slice(0, 8);
  return (
    <section className="container-lg py-4 py-md-5" data-testid="signup-matches">
      <div className="text-center mb-4">
        <h1 className="h3 fw-bold">{t('matches.title')}</h1>
        <p className="text-body-secondary mb-0">{t('matches.subtitle', { count: profiles.length })}</p>
      </div>
      <div className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-4 mb-4">
        {profiles.map((p) => (
          <div className="col" key={p.id}>
            <ProfileCard
              profile={p}
              to={isBuilt('members-id') ? `/members/${p.id}` : '/complete-signup'}
              fictionalIcon={settings.fictional_icon}
            />
          </div>
        ))}
      </div>
      <div className="text-center">
        <Link
          to="/complete-signup"
          className="btn btn-primary btn-lg rounded-pill px-5"
          data-testid="matches-continue"
        >
          {t('matches.continue')}
        </Link>
      </div>
    </section>
  );
}
