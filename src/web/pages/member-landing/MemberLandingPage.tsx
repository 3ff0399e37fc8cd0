import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import type { MemberProfile } from '../../../shared/schemas/member-profile';
import type { ProfileCard as Card } from '../../../shared/schemas/members';
import { useRouteName } from '../../app/route-name';
import { Logo } from '../../components/ui/Logo';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { useLanderSlug } from '../../features/landers/use-lander-slug';
import { useShowcase } from '../../features/landing/api';
import { memberQuery } from '../../features/members/api/members';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { useCountryNames } from '../../features/members/country-names';
import { SignupLink } from '../../features/signup/components/SignupLink';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';
import { currentLocale } from '../../lib/i18n';
import { isViewable, largeOf } from '../member/MemberPhotos';

/** The three looks of a member's landing page, by route: the photo, a chat to start, the member among others. */
type Variant = 'spotlight' | 'chat' | 'more';

function variantOf(route: string): Variant {
  if (route === 'members-id-landing2-slug') return 'chat';
  if (route === 'members-id-landing3-slug') return 'more';
  return 'spotlight';
}

/**
 * A member's landing page (/members/:id/landing, /landing2/:slug?, /landing3/:slug?): a link that names a member,
 * for visitors from advertising. It shows the member (what the member's public profile shows), and its call to
 * action is the member-linked signup, whose first message goes to that member. A member who is not (or no longer)
 * visible gives way to other members; a signed-in member sees the real profile.
 */
export function MemberLandingPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const user = useCurrentUser();
  const variant = variantOf(useRouteName());
  useLanderSlug(user === null);
  if (user) return <Navigate to={id > 0 ? `/members/${id}` : '/members'} replace />;
  if (user === undefined) return <PageSpinner />;
  return (
    <div className={`member-landing member-landing-${variant}`} data-testid="member-landing">
      <header className="member-landing-top container-lg">
        <MemberLandingLogo />
      </header>
      {id > 0 ? <MemberTeaser key={id} id={id} variant={variant} /> : <Others />}
      <LegalLinks />
    </div>
  );
}

function MemberLandingLogo() {
  const settings = useSettings();
  return <Logo name={settings.name} />;
}

function MemberTeaser({ id, variant }: { id: number; variant: Variant }) {
  const { t } = useTranslation('member-landing');
  const settings = useSettings();
  const member = useQuery(memberQuery(id));
  const profile = member.data?.profile;
  const main = profile?.photos.find((p) => p.main && isViewable(p));
  useHead({
    title: profile ? t('title', { name: profile.name }) : undefined,
    siteName: settings.name,
    image: main ? { url: largeOf(main)!, status: 'active' } : undefined,
  });

  if (member.isError) {
    const gone = member.error instanceof ApiError && member.error.status >= 400 && member.error.status < 500;
    if (gone) return <Others />;
    return (
      <section className="container-lg py-5 text-center" data-testid="member-landing-error">
        <p className="mb-3">{t('error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void member.refetch()}
          busy={member.isFetching}
          label={t('retry')}
          testId="member-landing-retry"
        />
      </section>
    );
  }
  // A screen high while the member loads: the legal footer below stays below the fold instead of showing under the
  // spinner and being pushed away when the member arrives (a layout shift on every first visit).
  if (!member.data || !profile)
    return (
      <div className="min-vh-100">
        <PageSpinner />
      </div>
    );
  return (
    <>
      <Spotlight profile={profile} variant={variant} />
      {variant === 'more' && member.data.related.length > 0 && (
        <div className="container-lg">
          <MembersGrid
            title={t('more.title', { name: profile.name })}
            profiles={member.data.related}
            testId="member-landing-related"
          />
        </div>
      )}
    </>
  );
}

/** The member: photo, name, age, place, and the way to write to them. */
function Spotlight({ profile, variant }: { profile: MemberProfile; variant: Variant }) {
  const { t } = useTranslation('member-landing');
  const locale = currentLocale();
  const countryName = useCountryNames(locale);
  const main = profile.photos.find((p) => p.main && isViewable(p));
  const photo = main ? largeOf(main) : null;
  const place = [profile.city, countryName(profile.country)].filter(Boolean).join(', ');
  const name = profile.name;
  return (
    <section className="member-landing-hero" aria-labelledby="member-landing-name">
      <div className="container-lg">
        <div className="member-landing-card">
          <div className="member-landing-photo">
            {photo ? (
              <img src={photo} alt={t('photo_alt', { name })} />
            ) : (
              <div className="member-landing-photo-empty" role="img" aria-label={t('no_photo', { name })}>
                <i className="bi bi-person-heart" aria-hidden="true" />
              </div>
            )}
            {profile.online_recently && (
              <span className="member-landing-online" data-testid="member-landing-online">
                <span className="online-dot" aria-hidden="true" />
                {t('online')}
              </span>
            )}
          </div>
          <div className="member-landing-copy">
            <p className="member-landing-kicker">{t(`${variant}.kicker`)}</p>
            <h1 id="member-landing-name" className="member-landing-name">
              {name}
              <span className="member-landing-age">, {profile.age}</span>
            </h1>
            {place && (
              <p className="member-landing-place">
                <i className="bi bi-geo-alt me-1" aria-hidden="true" />
                {place}
              </p>
            )}
            {profile.about && variant !== 'chat' && <p className="member-landing-about">{profile.about}</p>}
            {variant === 'chat' ? (
              <ChatStart profile={profile} />
            ) : (
              <WriteCta memberId={profile.id} name={name} />
            )}
            <p className="member-landing-note small">
              <i className="bi bi-shield-lock me-1" aria-hidden="true" />
              {t('note')}
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

function WriteCta({ memberId, name }: { memberId: number; name: string }) {
  const { t } = useTranslation('member-landing');
  return (
    <CtaOrLogin>
      <SignupLink
        memberId={memberId}
        className="btn btn-primary btn-lg rounded-pill px-4 fw-semibold"
        testId="member-landing-signup"
      >
        <i className="bi bi-chat-heart me-2" aria-hidden="true" />
        {t('cta', { name })}
      </SignupLink>
    </CtaOrLogin>
  );
}

/** The chat look: a hint (never words put in the member's mouth) and a message field that opens the signup. */
function ChatStart({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('member-landing');
  return (
    <div className="member-landing-chat">
      <p className="member-landing-bubble">
        <i className="bi bi-stars me-2" aria-hidden="true" />
        {t('chat.hint', { name: profile.name })}
      </p>
      <CtaOrLogin>
        <SignupLink
          memberId={profile.id}
          className="member-landing-compose btn w-100 d-flex align-items-center justify-content-between"
          testId="member-landing-signup"
        >
          <span className="text-body-secondary">{t('chat.placeholder', { name: profile.name })}</span>
          <span className="member-landing-send" aria-hidden="true">
            <i className="bi bi-send-fill" />
          </span>
        </SignupLink>
      </CtaOrLogin>
    </div>
  );
}

/** The signup link; where signing up is closed for this visitor (the link renders nothing), the login instead. */
function CtaOrLogin({ children }: { children: ReactNode }) {
  const { t } = useTranslation('member-landing');
  return (
    <div className="member-landing-cta">
      {children}
      <p className="small mt-3 mb-0">
        {t('have_account')}{' '}
        <Link to="/login" data-testid="member-landing-login">
          {t('login')}
        </Link>
      </p>
    </div>
  );
}

/** A member who cannot be shown (unknown, hidden, gone): other members of the site instead. */
function Others() {
  const { t } = useTranslation('member-landing');
  const settings = useSettings();
  const showcase = useShowcase(currentLocale());
  useHead({ title: t('others.title'), siteName: settings.name });
  return (
    <section className="member-landing-others container-lg py-4" data-testid="member-landing-others">
      <h1 className="h3 fw-bold mb-2">{t('others.title')}</h1>
      <p className="text-body-secondary mb-3">{t('others.text', { siteName: settings.name })}</p>
      <CtaOrLogin>
        <SignupLink className="btn btn-primary btn-lg rounded-pill px-4" testId="member-landing-signup">
          {t('others.cta')}
        </SignupLink>
      </CtaOrLogin>
      {(showcase.data?.length ?? 0) > 0 && (
        <MembersGrid
          title={t('others.members')}
          profiles={showcase.data ?? []}
          testId="member-landing-showcase"
        />
      )}
    </section>
  );
}

function MembersGrid({ title, profiles, testId }: { title: string; profiles: Card[]; testId: string }) {
  const settings = useSettings();
  return (
    <section className="py-4" aria-label={title} data-testid={testId}>
      <h2 className="h4 fw-bold mb-3">{title}</h2>
      <div className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-6">
        {profiles.slice(0, 12).map((p) => (
          <div className="col" key={p.id}>
            <ProfileCard
              profile={p}
              to={`/members/${p.id}/landing`}
              fictionalIcon={settings.fictional_icon}
            />
          </div>
        ))}
      </div>
    </section>
  );
}

/** The page has no footer (the empty layout): the legal pages stay one tap away. */
function LegalLinks() {
  const { t } = useTranslation();
  const settings = useSettings();
  return (
    <footer className="member-landing-legal container-lg small">
      <p className="mb-1">
        <span className="badge text-bg-dark me-2">{settings.min_age}+</span>
        {t('disclaimer.adults', { minAge: settings.min_age, siteName: settings.name })}
      </p>
      <nav aria-label={t('footer.nav')} className="d-flex flex-wrap gap-3">
        <Link to="/pages/terms">{t('footer.terms')}</Link>
        <Link to="/pages/privacy">{t('footer.privacy')}</Link>
        <Link to="/pages/cookies">{t('footer.cookies')}</Link>
      </nav>
    </footer>
  );
}
