import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RequireAuth } from '../../app/auth-guards';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { matchFinderQuery } from '../../features/matching/api/matching';
import { MatchFinderGrid } from '../../features/matching/components/MatchFinderCard';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/** How many of the best matches the new member sees. */
export const SIGNUP_MATCHES = 8;

/**
 * After the signup steps: the best-fitting members by the new member's preferences (the match finder's ranking,
 * from the profile's defaults), then on to confirming the address. Without matches (or when they cannot be loaded)
 * the page still leads on.
 */
export function SignupMatchesPage() {
  return (
    <RequireAuth>
      <Matches />
    </RequireAuth>
  );
}

function Matches() {
  const { t } = useTranslation('auth');
  const { t: tm } = useTranslation('matching');
  const settings = useSettings();
  const matches = useQuery(matchFinderQuery(1));
  useHead({ title: t('matches.title'), siteName: settings.name });
  if (matches.isPending) return <PageSpinner />;
  const cards = (matches.data?.items ?? []).slice(0, SIGNUP_MATCHES);
  return (
    <section className="container-lg py-4 py-md-5" data-testid="signup-matches">
      <div className="text-center mb-4">
        <h1 className="h3 fw-bold">{t('matches.title')}</h1>
        <p className="text-body-secondary mb-0">
          {cards.length > 0 ? t('matches.subtitle', { count: cards.length }) : tm('signup.none')}
        </p>
      </div>
      {cards.length > 0 && (
        <div className="mb-4">
          <MatchFinderGrid
            cards={cards}
            fictionalIcon={settings.fictional_icon}
            center
            testId="signup-matches-grid"
          />
        </div>
      )}
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
