import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GIFT_IDS, type GiftId } from '../../../../shared/rules';
import type { ProfileCard } from '../../../../shared/schemas/members';
import { useCurrentUser } from '../../auth/api/session';
import { useSettings } from '../../site/api/settings';

export function isGiftId(value: string | null | undefined): value is GiftId {
  return (GIFT_IDS as readonly string[]).includes(value ?? '');
}

/** A member's round photo (the thumbnail), or a person icon when there is none. */
export function ChatAvatar({
  profile,
  size = 'md',
}: {
  profile: Pick<ProfileCard, 'name' | 'main_image'>;
  size?: 'sm' | 'md' | 'lg';
}) {
  const thumb = profile.main_image?.thumb_filename;
  return (
    <span className={`chat-avatar chat-avatar-${size} rounded-circle flex-shrink-0`} aria-hidden="true">
      {thumb ? (
        <img src={thumb} alt="" className="w-100 h-100 rounded-circle object-fit-cover" loading="lazy" />
      ) : (
        <i className="bi bi-person" />
      )}
    </span>
  );
}

/** The site's mark for fictional profiles (as on the member's profile). */
export function FictionalMark({ className = '' }: { className?: string }) {
  const settings = useSettings();
  return (
    <i
      role="img"
      className={`bi bi-${settings.fictional_icon} text-warning ${className}`.trim()}
      title={settings.fictional_singular}
      aria-label={settings.fictional_singular}
      data-testid="chat-fictional"
    />
  );
}

/** The member's coin balance, linking to the credits page. */
export function CreditsLink({ className = '' }: { className?: string }) {
  const { t } = useTranslation('chat');
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Link
      to="/credits"
      className={`btn btn-sm chat-credits rounded-pill text-nowrap ${className}`.trim()}
      aria-label={t('credits.link', { count: user.credits })}
      data-testid="chat-credits"
    >
      <i className="bi bi-coin me-1" aria-hidden="true" />
      <span className="fw-semibold">{user.credits}</span>
      <i className="bi bi-plus-circle-fill ms-1 chat-credits-plus" aria-hidden="true" />
    </Link>
  );
}
