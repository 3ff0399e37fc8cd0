import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  MEMBER_ERROR_CODES,
  type MemberPhoto,
  type MemberProfile,
} from '../../../shared/schemas/member-profile';
import type { ProfileCard as Card } from '../../../shared/schemas/members';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { KindNotice } from '../../features/cams/components/KindBadge';
import { memberChatPath } from '../../features/chat/gift-link';
import { LikeButton } from '../../features/likes/components/LikeButton';
import { memberQuery } from '../../features/members/api/members';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { useCountryNames } from '../../features/members/country-names';
import { ReportButton } from '../../features/reports/components/ReportButton';
import { SignupLink } from '../../features/signup/components/SignupLink';
import { regionsQuery } from '../../features/site/api/regions';
import { useSettings } from '../../features/site/api/settings';
import { VerifiedBadge } from '../../features/verification/VerifiedBadge';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';
import { currentLocale } from '../../lib/i18n';
import { BlockControl } from './BlockControl';
import { Details } from './MemberDetails';
import { isViewable, largeOf, PhotoGrid } from './MemberPhotos';
import { PhotoViewer } from './PhotoViewer';

/** Another member's profile (/members/:id and /likes/m/:id). */
export function MemberPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id <= 0) return <Unavailable reason="not_found" />;
  // A new member is a new screen: the lightbox and the block dialog start closed.
  return <MemberScreen key={id} id={id} />;
}

function MemberScreen({ id }: { id: number }) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const member = useQuery(memberQuery(id));
  const profile = member.data?.profile;
  // Opening a profile clears the new flag of that member's like: the likes (and the top-bar badge) reload.
  const client = useQueryClient();
  const loadedId = profile?.id;
  useEffect(() => {
    if (loadedId) void client.invalidateQueries({ queryKey: ['likes'] });
  }, [loadedId, client]);
  const main = profile?.photos.find((p) => p.main && isViewable(p));
  // The open-graph image only for an active photo; the member call only ever answers active photos.
  const mainStatus = main ? 'active' : undefined;
  useHead({
    title: profile?.name,
    siteName: settings.name,
    image: main && mainStatus ? { url: largeOf(main)!, status: mainStatus } : undefined,
  });

  if (member.isError) {
    const err = member.error;
    if (err instanceof ApiError && (err.status === 404 || err.code === MEMBER_ERROR_CODES.notFound))
      return <Unavailable reason="not_found" />;
    if (err instanceof ApiError && err.code === MEMBER_ERROR_CODES.blockedByMember)
      return <Unavailable reason="blocked_by_member" />;
    return (
      <StatePage testId="member-error" icon="bi-wifi-off" title={t('profile.error')}>
        <RetryButton
          variant="pill"
          onRetry={() => void member.refetch()}
          busy={member.isFetching}
          label={t('profile.retry')}
          testId="member-retry"
        />
      </StatePage>
    );
  }
  if (!member.data || !profile) return <LoadingProfile />;
  return <Profile profile={profile} related={member.data.related} />;
}

function Profile({ profile, related }: { profile: MemberProfile; related: Card[] }) {
  const { t } = useTranslation('members');
  const client = useQueryClient();
  const settings = useSettings();
  const user = useCurrentUser();
  const locale = currentLocale();
  const countryName = useCountryNames(locale);
  const regions = useQuery({
    ...regionsQuery(locale),
    enabled: Boolean(profile.region),
    throwOnError: false,
  });
  const [lightbox, setLightbox] = useState<number | null>(null);

  const viewable = profile.photos.filter(isViewable);
  const main = profile.photos.find((p) => p.main && isViewable(p));
  const regionName = profile.region
    ? regions.data?.[profile.country]?.regions.find((r) => r.code === profile.region)?.name
    : undefined;
  const place = [profile.city, regionName, countryName(profile.country)].filter(Boolean).join(', ');
  const own = Boolean(user && (user.id === profile.id || user.profile.id === profile.id));
  const openPhoto = (photo: MemberPhoto) => setLightbox(viewable.indexOf(photo));

  return (
    <div className="container-lg py-4 py-md-5" data-testid="member-page">
      <div className="row g-4">
        <div className="col-lg-4">
          <div className="card border-0 shadow-sm overflow-hidden" data-testid="member-header">
            <div className="ratio ratio-1x1 bg-body-tertiary">
              {main ? (
                <button
                  type="button"
                  className="btn p-0 border-0 rounded-0"
                  onClick={() => openPhoto(main)}
                  aria-label={t('profile.open_photo', { number: viewable.indexOf(main) + 1 })}
                  data-testid="member-main-photo"
                >
                  <img
                    src={largeOf(main)!}
                    alt={t('profile.main_photo_alt', { name: profile.name })}
                    className="w-100 h-100 object-fit-cover"
                  />
                </button>
              ) : (
                <div className="d-flex align-items-center justify-content-center">
                  <i
                    className="bi bi-person text-body-tertiary member-photo-placeholder"
                    aria-hidden="true"
                  />
                </div>
              )}
            </div>
            <div className="card-body p-4">
              <h1 className="h3 fw-semibold mb-1" data-testid="member-name">
                {profile.name}
                <span className="fw-normal">, {profile.age}</span>
                {profile.fictional && (
                  <i
                    role="img"
                    className={`bi bi-${settings.fictional_icon} ms-2 text-warning fs-5 align-middle`}
                    title={settings.fictional_singular}
                    aria-label={settings.fictional_singular}
                    data-testid="member-fictional"
                  />
                )}
                {profile.verified && <VerifiedBadge className="ms-2 fs-5 align-middle" />}
              </h1>
              {place && (
                <p className="text-body-secondary mb-2">
                  <i className="bi bi-geo-alt me-1" aria-hidden="true" />
                  {place}
                </p>
              )}
              {profile.online_recently && (
                <p className="mb-2 small" data-testid="member-online">
                  <span
                    className="online-dot d-inline-block rounded-circle bg-success me-2 align-middle"
                    aria-hidden="true"
                  />
                  {t('profile.online')}
                </p>
              )}
              {profile.fictional && (
                <p className="small text-body-secondary mb-2" data-testid="member-fictional-warning">
                  {settings.fictional_warning}
                </p>
              )}
              <KindNotice kind={profile.kind} />
              {user && !own && (
                <Link
                  to={memberChatPath(profile.id)}
                  className="btn btn-primary btn-lg rounded-pill w-100 mt-3"
                  data-testid="member-message"
                >
                  <i className="bi bi-chat-heart me-2" aria-hidden="true" />
                  {t('profile.message', { name: profile.name })}
                </Link>
              )}
              {/* A gift is a message: the conversation opens (or starts) with its gift picker open. */}
              {user && !own && (
                <Link
                  to={memberChatPath(profile.id, { gift: true })}
                  className="btn btn-outline-primary btn-lg rounded-pill w-100 mt-3"
                  data-testid="member-gift"
                >
                  <i className="bi bi-gift me-2" aria-hidden="true" />
                  {t('profile.gift', { name: profile.name })}
                </Link>
              )}
              {user && !own && <LikeButton profile={profile} />}
              {user === null && (
                <SignupLink
                  memberId={profile.id}
                  className="btn btn-outline-primary btn-lg rounded-pill w-100 mt-3"
                  testId="member-signup-like"
                >
                  <i className="bi bi-heart me-2" aria-hidden="true" />
                  {t('likes.like_signup', { name: profile.name })}
                </SignupLink>
              )}
              {user === null && (
                <SignupLink
                  memberId={profile.id}
                  className="btn btn-primary btn-lg rounded-pill w-100 mt-3"
                  testId="member-signup-write"
                >
                  <i className="bi bi-chat-heart me-2" aria-hidden="true" />
                  {t('profile.write_signup', { name: profile.name })}
                </SignupLink>
              )}
              {user && !own && <BlockControl profile={profile} />}
              {user && !own && (
                <div className="text-end">
                  <ReportButton
                    member={profile}
                    source="profile"
                    onDone={(blocked) => {
                      if (blocked) void client.invalidateQueries({ queryKey: ['member', profile.id] });
                    }}
                  />
                </div>
              )}
            </div>
          </div>
        </div>

        <div className="col-lg-8">
          <PhotoGrid profile={profile} signedOut={user === null} onOpen={openPhoto} />
          <Details profile={profile} />
        </div>
      </div>

      {related.length > 0 && <RelatedRow profiles={related} />}

      <PhotoViewer
        member={profile}
        photos={viewable}
        index={lightbox}
        onIndex={setLightbox}
        onClose={() => setLightbox(null)}
        canReport={Boolean(user) && !own}
        onReported={(blocked) => {
          if (blocked) void client.invalidateQueries({ queryKey: ['member', profile.id] });
        }}
      />
    </div>
  );
}

function RelatedRow({ profiles }: { profiles: Card[] }) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  return (
    <section className="mt-5" aria-labelledby="member-related-title" data-testid="member-related">
      <h2 id="member-related-title" className="h5 fw-semibold mb-3">
        {t('profile.related')}
      </h2>
      <div className="row g-2 g-md-3 row-cols-2 row-cols-sm-3 row-cols-lg-6">
        {profiles.map((p) => (
          <div className="col" key={p.id}>
            <ProfileCard profile={p} to={`/members/${p.id}`} fictionalIcon={settings.fictional_icon} />
          </div>
        ))}
      </div>
    </section>
  );
}

function StatePage({
  testId,
  icon,
  title,
  text,
  children,
}: {
  testId: string;
  icon: string;
  title: string;
  text?: string;
  children?: ReactNode;
}) {
  return (
    <div className="container-lg py-4 py-md-5" data-testid={testId}>
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6 text-center">
          <i className={`bi ${icon} state-icon text-primary d-block mb-3`} aria-hidden="true" />
          <h1 className="h3 fw-semibold mb-3">{title}</h1>
          {text && <p className="text-body-secondary mb-4">{text}</p>}
          {children}
        </div>
      </div>
    </div>
  );
}

function BackToMembers() {
  const { t } = useTranslation('members');
  return (
    <Link to="/members" className="btn btn-primary rounded-pill px-4" data-testid="member-back">
      {t('profile.back')}
    </Link>
  );
}

/** Why a profile cannot be shown: it does not exist (or is hidden), or its member blocked the viewer. */
const UNAVAILABLE = {
  not_found: { testId: 'member-not-found', icon: 'bi-person-x' },
  blocked_by_member: { testId: 'member-blocked-by-member', icon: 'bi-slash-circle' },
} as const;

function Unavailable({ reason }: { reason: keyof typeof UNAVAILABLE }) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  useHead({ title: t(`profile.${reason}.title`), siteName: settings.name });
  return (
    <StatePage
      testId={UNAVAILABLE[reason].testId}
      icon={UNAVAILABLE[reason].icon}
      title={t(`profile.${reason}.title`)}
      text={t(`profile.${reason}.text`)}
    >
      <BackToMembers />
    </StatePage>
  );
}

function LoadingProfile() {
  const { t } = useTranslation('members');
  return (
    <div className="container-lg py-4 py-md-5" data-testid="member-loading">
      <span className="visually-hidden" role="status">
        {t('profile.loading')}
      </span>
      <div className="row g-4" aria-hidden="true">
        <div className="col-lg-4">
          <div className="card border-0 shadow-sm placeholder-glow overflow-hidden">
            <div className="ratio ratio-1x1">
              <span className="placeholder w-100 h-100" />
            </div>
            <div className="card-body p-4">
              <span className="placeholder placeholder-lg col-7 d-block mb-2" />
              <span className="placeholder col-5 d-block" />
            </div>
          </div>
        </div>
        <div className="col-lg-8">
          <div className="card border-0 shadow-sm placeholder-glow">
            <div className="card-body p-4">
              <span className="placeholder col-3 d-block mb-3" />
              <div className="row g-2 row-cols-3 row-cols-md-4">
                {[1, 2, 3, 4].map((n) => (
                  <div className="col" key={n}>
                    <div className="ratio ratio-1x1">
                      <span className="placeholder w-100 h-100 rounded-3" />
                    </div>
                  </div>
                ))}
              </div>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
