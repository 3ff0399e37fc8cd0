import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { landingSlug, nicheName } from '../../../shared/locales';
import { RULES } from '../../../shared/rules';
import { memberHome } from '../../app/built-routes';
import { useCurrentUser } from '../../features/auth/api/session';
import { useShowcase } from '../../features/landing/api';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { SignupLink } from '../../features/signup/components/SignupLink';
import { useSignupModal } from '../../features/signup/open-signup';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { currentLocale } from '../../lib/i18n';
import { landingHead } from './landing-head';

const FEATURES = [
  { icon: 'shield-lock', key: 'privacy' },
  { icon: 'chat-heart', key: 'chat' },
  { icon: 'heart-arrow', key: 'match' },
  { icon: 'translate', key: 'languages' },
] as const;

/** The landing page of the site's niche. */
export function IndexPage() {
  const user = useCurrentUser();
  const modal = useSignupModal();
  // The landing is for visitors; members go to their home (but not while the signup modal runs over it).
  if (user && !modal?.open) return <Navigate to={memberHome()} replace />;
  return <Landing />;
}

/** The hero's collage: six members' photos. */
const HERO_TILES = [0, 1, 2, 3, 4, 5] as const;

function Landing() {
  const { t } = useTranslation();
  const settings = useSettings();
  const locale = currentLocale();
  const niche = nicheName(settings.niche);
  const showcase = useShowcase(locale);
  const profiles = showcase.data ?? [];
  useHead(landingHead(settings, locale, t));

  return (
    <div
      className={`landing landing-${niche}`}
      data-slug={landingSlug(settings.niche, locale)}
      data-testid="landing"
    >
      <section className="hero">
        <div className="container-lg py-5">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-6 hero-copy">
              <p className="hero-kicker text-uppercase fw-semibold small mb-2">
                {t(`landing.${niche}.kicker`)}
              </p>
              <h1 className="display-5 fw-bold mb-3">{t(`landing.${niche}.headline`)}</h1>
              <p className="lead mb-4">{t(`landing.${niche}.subline`, { siteName: settings.name })}</p>
              <div className="d-flex flex-wrap gap-2">
                <SignupLink
                  className="btn btn-light btn-lg rounded-pill px-4 fw-semibold text-primary"
                  testId="cta-signup"
                >
                  {t('landing.cta_signup')}
                </SignupLink>
                <Link to="/login" className="btn btn-outline-light btn-lg rounded-pill px-4">
                  {t('landing.cta_login')}
                </Link>
              </div>
              <p className="small mt-3 mb-0 hero-note">
                <i className="bi bi-patch-check-fill me-1" aria-hidden="true" />
                {t('landing.free_note', { credits: settings.signup_credits })}
              </p>
            </div>
            <div className="col-lg-6">
              <div className="hero-collage" aria-hidden="true">
                {profiles.slice(0, HERO_TILES.length).map((p, i) => (
                  <div className={`hero-tile hero-tile-${i}`} key={p.id}>
                    {p.main_image && <img src={p.main_image.match} alt="" />}
                  </div>
                ))}
                {/* While the members load, empty tiles of the same size hold their place (no layout shift). */}
                {showcase.isPending &&
                  HERO_TILES.map((i) => (
                    <div className={`hero-tile hero-tile-${i}`} key={`placeholder-${i}`} />
                  ))}
                {!showcase.isPending && profiles.length === 0 && <div className="hero-hearts" />}
              </div>
            </div>
          </div>
        </div>
      </section>

      <section className="container-lg py-5" aria-labelledby="features-title">
        <h2 id="features-title" className="h3 fw-bold text-center mb-4">
          {t('landing.features_title', { siteName: settings.name })}
        </h2>
        <div className="row g-3 g-md-4">
          {FEATURES.map((f) => (
            <div className="col-6 col-lg-3" key={f.key}>
              <div className="feature card h-100 border-0 shadow-sm">
                <div className="card-body">
                  <span className="feature-icon" aria-hidden="true">
                    <i className={`bi bi-${f.icon}`} />
                  </span>
                  <h3 className="h6 fw-semibold mt-3">{t(`landing.features.${f.key}.title`)}</h3>
                  <p className="small text-body-secondary mb-0">
                    {t(`landing.features.${f.key}.text`, { boost: RULES.premiumMatchChanceBoostPercent })}
                  </p>
                </div>
              </div>
            </div>
          ))}
        </div>
      </section>

      {profiles.length > 0 && (
        <section className="bg-body-tertiary py-5" aria-labelledby="members-title">
          <div className="container-lg">
            <div className="d-flex align-items-end justify-content-between mb-3 gap-2">
              <div>
                <h2 id="members-title" className="h3 fw-bold mb-1">
                  {t(`landing.${niche}.members_title`)}
                </h2>
                <p className="text-body-secondary mb-0">{t('landing.members_subtitle')}</p>
              </div>
            </div>
            <div className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-6">
              {profiles.map((p) => (
                <div className="col" key={p.id}>
                  <ProfileCard
                    profile={p}
                    to={`/members/${p.id}/signup`}
                    fictionalIcon={settings.fictional_icon}
                  />
                </div>
              ))}
            </div>
          </div>
        </section>
      )}

      <section className="container-lg py-5" aria-labelledby="how-title">
        <h2 id="how-title" className="h3 fw-bold text-center mb-4">
          {t('landing.how_title')}
        </h2>
        <ol className="row g-3 list-unstyled steps">
          {(['one', 'two', 'three'] as const).map((s, i) => (
            <li className="col-md-4" key={s}>
              <div className="step h-100">
                <span className="step-number">{i + 1}</span>
                <h3 className="h6 fw-semibold mt-2">{t(`landing.steps.${s}.title`)}</h3>
                <p className="small text-body-secondary mb-0">{t(`landing.steps.${s}.text`)}</p>
              </div>
            </li>
          ))}
        </ol>
        <div className="text-center mt-4">
          <SignupLink className="btn btn-primary btn-lg rounded-pill px-5">
            {t('landing.cta_signup')}
          </SignupLink>
        </div>
      </section>
    </div>
  );
}
