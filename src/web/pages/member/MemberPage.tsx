import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import {
  MEMBER_ERROR_CODES,
  type MemberPhoto,
  type MemberProfile,
} from '../../../shared/schemas/member-profile';
import type { ProfileCard as Card } from '../../../shared/schemas/members';
import {
  BODY_TYPES,
  EYE_COLORS,
  GENDERS,
  HAIR_COLORS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOO_OPTIONS,
} from '../../../shared/schemas/profiles';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { LikeButton } from '../../features/likes/components/LikeButton';
import { blockCall, memberQuery, unblockCall } from '../../features/members/api/members';
import { ProfileCard } from '../../features/members/components/ProfileCard';
import { useCountryNames } from '../../features/members/country-names';
import { SignupLink } from '../../features/signup/components/SignupLink';
import { interestsQuery } from '../../features/site/api/interests';
import { regionsQuery } from '../../features/site/api/regions';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';
import { currentLocale } from '../../lib/i18n';

/** The profile fields shown under "About", in this order, with their known option values (translated here). */
const DETAIL_FIELDS = {
  gender: GENDERS,
  sexuality: SEXUALITIES,
  relationship_status: RELATIONSHIP_STATUSES,
  signup_reason: SIGNUP_REASONS,
  body_type: BODY_TYPES,
  hair_color: HAIR_COLORS,
  eye_color: EYE_COLORS,
  tattoos: TATTOO_OPTIONS,
} as const satisfies Record<string, readonly string[]>;
type DetailField = keyof typeof DETAIL_FIELDS;

const thumbOf = (p: MemberPhoto) => p.thumb_filename ?? p.match ?? p.filename;
const largeOf = (p: MemberPhoto) => p.filename ?? p.match ?? p.thumb_filename;
/** Only photos the viewer may see carry a URL; a locked photo is never shown, whatever it carries. */
const isViewable = (p: MemberPhoto) => !p.locked && Boolean(largeOf(p));

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
              {/* Gift and message buttons appear here once chat and gifts exist. */}
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
            </div>
          </div>
        </div>

        <div className="col-lg-8">
          <PhotoGrid profile={profile} signedOut={user === null} onOpen={openPhoto} />
          <Details profile={profile} />
        </div>
      </div>

      {related.length > 0 && <RelatedRow profiles={related} />}

      {lightbox !== null && viewable.length > 0 && (
        <Lightbox
          name={profile.name}
          photos={viewable}
          index={Math.max(0, Math.min(lightbox, viewable.length - 1))}
          onIndex={setLightbox}
          onClose={() => setLightbox(null)}
        />
      )}
    </div>
  );
}

function PhotoGrid({
  profile,
  signedOut,
  onOpen,
}: {
  profile: MemberProfile;
  signedOut: boolean;
  onOpen: (photo: MemberPhoto) => void;
}) {
  const { t } = useTranslation('members');
  const viewable = profile.photos.filter(isViewable);
  const anyLocked = profile.photos.some((p) => p.locked);
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="member-photos-title">
      <div className="card-body p-4">
        <h2 id="member-photos-title" className="h5 fw-semibold mb-3">
          <i className="bi bi-images me-2" aria-hidden="true" />
          {t('profile.photos')}
        </h2>
        {profile.photos.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('profile.no_photos', { name: profile.name })}</p>
        ) : (
          <div className="row g-2 row-cols-3 row-cols-md-4" data-testid="member-photos">
            {profile.photos.map((photo) => (
              <div className="col" key={photo.id}>
                {photo.locked || !isViewable(photo) ? (
                  <LockedPhoto signedOut={signedOut} memberId={profile.id} />
                ) : (
                  <button
                    type="button"
                    className="ratio ratio-1x1 d-block w-100 btn p-0 border-0 rounded-3 overflow-hidden"
                    onClick={() => onOpen(photo)}
                    aria-label={t('profile.open_photo', { number: viewable.indexOf(photo) + 1 })}
                    data-testid="member-photo"
                  >
                    <img
                      src={thumbOf(photo)!}
                      alt={t('profile.photo_alt', {
                        number: viewable.indexOf(photo) + 1,
                        name: profile.name,
                      })}
                      loading="lazy"
                      decoding="async"
                      className="w-100 h-100 object-fit-cover"
                    />
                  </button>
                )}
              </div>
            ))}
          </div>
        )}
        {anyLocked && !signedOut && (
          <p className="small text-body-secondary mt-3 mb-0" data-testid="member-locked-explained">
            <i className="bi bi-lock me-1" aria-hidden="true" />
            {t('profile.locked_explained', { name: profile.name })}
          </p>
        )}
      </div>
    </section>
  );
}

/** A photo the viewer may not see: a blurred stand-in with a lock, never the photo's URL. */
function LockedPhoto({ signedOut, memberId }: { signedOut: boolean; memberId: number }) {
  const { t } = useTranslation('members');
  const inner = (label: string) => (
    <>
      <span className="locked-photo-veil position-absolute top-0 start-0 w-100 h-100" aria-hidden="true" />
      <span className="position-absolute top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center text-center p-2">
        <i className="bi bi-lock-fill fs-4 mb-1" aria-hidden="true" />
        <span className="small fw-semibold lh-sm">{label}</span>
      </span>
    </>
  );
  const box = 'ratio ratio-1x1 d-block rounded-3 overflow-hidden text-body';
  if (signedOut) {
    return (
      <div className="position-relative" data-testid="member-photo-locked">
        <SignupLink
          memberId={memberId}
          className={`${box} text-decoration-none`}
          testId="member-photo-signup"
        >
          {inner(t('profile.locked_signed_out'))}
        </SignupLink>
      </div>
    );
  }
  return (
    <div className={box} data-testid="member-photo-locked">
      <div>{inner(t('profile.locked'))}</div>
    </div>
  );
}

function Lightbox({
  name,
  photos,
  index,
  onIndex,
  onClose,
}: {
  name: string;
  photos: MemberPhoto[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('members');
  const count = photos.length;
  const photo = photos[index]!;
  const go = (delta: number) => onIndex((index + delta + count) % count);

  useEffect(() => {
    if (count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndex((index - 1 + count) % count);
      else if (e.key === 'ArrowRight') onIndex((index + 1) % count);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, count, onIndex]);

  return (
    <Modal show onHide={onClose} size="xl" centered data-testid="member-lightbox">
      <Modal.Header closeButton closeLabel={t('lightbox.close')}>
        <Modal.Title as="h2" className="h5">
          {t('lightbox.title', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-dark position-relative">
        <img
          src={largeOf(photo)!}
          alt={t('profile.photo_alt', { number: index + 1, name })}
          className="lightbox-image d-block mx-auto"
          data-testid="member-lightbox-image"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="btn btn-light rounded-circle position-absolute top-50 start-0 translate-middle-y ms-2 shadow"
              onClick={() => go(-1)}
              aria-label={t('lightbox.previous')}
              data-testid="member-lightbox-previous"
            >
              <i className="bi bi-chevron-left" aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn btn-light rounded-circle position-absolute top-50 end-0 translate-middle-y me-2 shadow"
              onClick={() => go(1)}
              aria-label={t('lightbox.next')}
              data-testid="member-lightbox-next"
            >
              <i className="bi bi-chevron-right" aria-hidden="true" />
            </button>
          </>
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <span className="small text-body-secondary" aria-live="polite" data-testid="member-lightbox-counter">
          {t('lightbox.counter', { current: index + 1, total: count })}
        </span>
        <button type="button" className="btn btn-outline-dark rounded-pill px-4" onClick={onClose}>
          {t('lightbox.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}

function Details({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const locale = currentLocale();
  const interests = useQuery({
    ...interestsQuery(locale),
    enabled: profile.interests.length > 0,
    throwOnError: false,
  });
  const fields = (Object.keys(DETAIL_FIELDS) as DetailField[]).filter((f) => profile[f] !== null);
  const chips = profile.interests
    .map((value) => interests.data?.find((i) => i.value === value))
    .filter((i) => i !== undefined);
  const about = profile.about?.trim();
  if (fields.length === 0 && chips.length === 0 && !about) return null;

  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="member-details-title">
      <div className="card-body p-4" data-testid="member-details">
        <h2 id="member-details-title" className="h5 fw-semibold mb-3">
          <i className="bi bi-person-vcard me-2" aria-hidden="true" />
          {t('profile.details', { name: profile.name })}
        </h2>
        {fields.length > 0 && (
          <dl className="row mb-0">
            {fields.map((f) => {
              const value = profile[f]!;
              return (
                <div className="col-sm-6 mb-2" key={f}>
                  <dt className="small text-body-secondary fw-normal">{t(`fields.${f}`)}</dt>
                  <dd className="mb-0 fw-semibold" data-testid={`member-field-${f}`}>
                    {t(`options.${f}.${value}`, { defaultValue: value })}
                  </dd>
                </div>
              );
            })}
          </dl>
        )}
        {chips.length > 0 && (
          <>
            <h3 className="h6 fw-semibold mt-3 mb-2">{t('profile.interests')}</h3>
            <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" data-testid="member-interests">
              {chips.map((i) => (
                <li
                  key={i.value}
                  className="badge rounded-pill text-bg-light border fw-normal fs-6 px-3 py-2"
                >
                  <i className={`bi bi-${i.icon} me-1 text-primary`} aria-hidden="true" />
                  {i.label}
                </li>
              ))}
            </ul>
          </>
        )}
        {about && (
          <>
            <h3 className="h6 fw-semibold mt-3 mb-2">{t('profile.about')}</h3>
            <p className="mb-0 text-pre-line" data-testid="member-about">
              {about}
            </p>
          </>
        )}
      </div>
    </section>
  );
}

function BlockControl({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = memberQuery(profile.id).queryKey;
  const setBlocked = (blocked: boolean) => {
    queryClient.setQueryData(key, (old) =>
      old ? { ...old, profile: { ...old.profile, blocked_by_me: blocked } } : old,
    );
    void queryClient.invalidateQueries({ queryKey: ['blocked'] });
    void queryClient.invalidateQueries({ queryKey: ['search'] });
  };
  const block = useMutation({
    mutationFn: () => blockCall(profile.id),
    onSuccess: () => {
      setConfirming(false);
      setBlocked(true);
    },
  });
  const unblock = useMutation({
    mutationFn: () => unblockCall(profile.id),
    onSuccess: () => setBlocked(false),
  });
  const name = profile.name;

  if (profile.blocked_by_me) {
    return (
      <div className="alert alert-secondary mt-3 mb-0" role="status" data-testid="member-blocked">
        <p className="mb-2">
          <i className="bi bi-slash-circle me-2" aria-hidden="true" />
          {t('block.blocked', { name })}
        </p>
        <FormAlert error={unblock.error} />
        <BusyButton
          type="button"
          className="btn btn-outline-dark btn-sm rounded-pill px-3"
          onClick={() => unblock.mutate()}
          busy={unblock.isPending}
          data-testid="member-unblock"
        >
          {t('block.unblock')}
        </BusyButton>
      </div>
    );
  }
  return (
    <>
      <div className="mt-3 text-end">
        <button
          type="button"
          className="btn btn-link btn-sm text-body-secondary"
          onClick={() => {
            block.reset();
            setConfirming(true);
          }}
          data-testid="member-block"
        >
          <i className="bi bi-slash-circle me-1" aria-hidden="true" />
          {t('block.block')}
        </button>
      </div>
      <Modal
        show={confirming}
        onHide={() => !block.isPending && setConfirming(false)}
        centered
        data-testid="member-block-confirm"
      >
        <Modal.Header closeButton closeLabel={t('block.cancel')}>
          <Modal.Title as="h2" className="h5">
            {t('block.confirm_title', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">{t('block.confirm_text', { name })}</p>
          <FormAlert error={block.error} />
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-link text-body-secondary"
            onClick={() => setConfirming(false)}
            disabled={block.isPending}
            data-testid="member-block-cancel"
          >
            {t('block.cancel')}
          </button>
          <BusyButton
            type="button"
            className="btn btn-danger rounded-pill px-4"
            onClick={() => block.mutate()}
            busy={block.isPending}
            data-testid="member-block-submit"
          >
            {t('block.confirm')}
          </BusyButton>
        </Modal.Footer>
      </Modal>
    </>
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
