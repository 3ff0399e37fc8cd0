import { useTranslation } from 'react-i18next';
import { SignupLink } from '../signup/components/SignupLink';
import { VerifiedBadge } from '../verification/VerifiedBadge';
import { FictionalMark } from './FictionalMark';
import type { LanderCard } from './use-lander';

const BIO_SNIPPET = 160;

/** The start of a bio, cut at a word before `max` characters. */
export function snippet(text: string, max = BIO_SNIPPET): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : max).replace(/[\s,.;:!?-]+$/, '')}…`;
}

const ACTIONS = [
  { key: 'like', icon: 'heart' },
  { key: 'comment', icon: 'chat' },
  { key: 'message', icon: 'send' },
] as const;

/** A member as a post of a social feed: header, photo, bio snippet, and a like/comment/message bar to signup. */
export function MemberPost({ profile, fictionalIcon }: { profile: LanderCard; fictionalIcon: string }) {
  const { t } = useTranslation('landers');
  const image = profile.main_image;
  const headingId = `lander-post-${profile.id}`;
  return (
    <article
      className="lander-post card border-0 shadow-sm"
      aria-labelledby={headingId}
      data-testid="lander-post"
    >
      <header className="d-flex align-items-center gap-3 p-3">
        <span className="lander-post-avatar flex-shrink-0" aria-hidden="true">
          {image ? <img src={image.thumb_filename} alt="" loading="lazy" /> : <i className="bi bi-person" />}
        </span>
        <div className="min-w-0">
          <h3 id={headingId} className="h6 fw-semibold mb-0 text-truncate">
            {profile.name}, {profile.age}
            {profile.fictional && <FictionalMark icon={fictionalIcon} />}
            {profile.verified && <VerifiedBadge />}
          </h3>
          {profile.city && (
            <p className="small text-body-secondary mb-0 text-truncate">
              <i className="bi bi-geo-alt me-1" aria-hidden="true" />
              {profile.city}
            </p>
          )}
        </div>
      </header>
      {image && (
        <SignupLink memberId={profile.id} className="lander-post-photo d-block">
          <img
            src={image.filename}
            alt={t('types.socialnetwork.photo_alt', { name: profile.name })}
            loading="lazy"
            decoding="async"
          />
        </SignupLink>
      )}
      {profile.bio && <p className="lander-post-bio px-3 pt-3 mb-0">{snippet(profile.bio)}</p>}
      <div className="lander-post-actions d-flex mt-2 mx-2 mb-2">
        {ACTIONS.map((a) => (
          <SignupLink
            key={a.key}
            memberId={profile.id}
            className="btn btn-link flex-fill text-decoration-none"
            testId={`lander-post-${a.key}`}
          >
            <i className={`bi bi-${a.icon} me-1`} aria-hidden="true" />
            {t(`types.socialnetwork.${a.key}`)}
            <span className="visually-hidden"> – {profile.name}</span>
          </SignupLink>
        ))}
      </div>
    </article>
  );
}
