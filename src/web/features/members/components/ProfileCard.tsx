import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCamKind } from '../../../../shared/profile-kinds';
import type { ProfileCard as Card } from '../../../../shared/schemas/members';
import { KindBadge } from '../../cams/components/KindBadge';
import { VerifiedBadge } from '../../verification/VerifiedBadge';

/**
 * A member tile: photo, name, age and city, with the fictional-profile icon where it applies. `badge` sits on the
 * photo's top-left corner and `action` (a button) on its top-right corner, beside the link, never inside it.
 * `footer` is a last line inside the card (and its link), e.g. why the member is suggested.
 */
export function ProfileCard({
  profile,
  to,
  fictionalIcon,
  badge,
  action,
  footer,
}: {
  profile: Card;
  to: string;
  fictionalIcon: string;
  badge?: ReactNode;
  action?: ReactNode;
  footer?: ReactNode;
}) {
  const { t } = useTranslation();
  // A cam or resell profile is always marked as such, also where a site mixes them into member lists.
  const corner =
    badge ?? (isCamKind(profile.kind) ? <KindBadge kind={profile.kind} className="shadow-sm" /> : undefined);
  const link = (
    <Link
      to={to}
      className="profile-card card border-0 shadow-sm h-100 text-decoration-none"
      data-testid="profile-card"
    >
      <div className="ratio ratio-1x1 profile-card-photo">
        {profile.main_image ? (
          <img src={profile.main_image.match} alt="" loading="lazy" decoding="async" />
        ) : (
          <div className="d-flex align-items-center justify-content-center bg-body-tertiary">
            <i className="bi bi-person fs-1 text-body-tertiary" aria-hidden="true" />
          </div>
        )}
      </div>
      <div className="card-body p-2 p-sm-3">
        <p className="card-title fw-semibold mb-0 text-truncate text-body">
          {profile.name}, {profile.age}
          {profile.fictional && (
            <i
              role="img"
              className={`bi bi-${fictionalIcon} ms-1 text-warning`}
              title={t('profile.fictional')}
              aria-label={t('profile.fictional')}
            />
          )}
          {profile.verified && <VerifiedBadge />}
        </p>
        {profile.city && (
          <p className="small text-body-secondary mb-0 text-truncate">
            <i className="bi bi-geo-alt me-1" aria-hidden="true" />
            {profile.city}
          </p>
        )}
        {footer}
      </div>
    </Link>
  );
  if (!corner && !action) return link;
  return (
    <div className="position-relative h-100">
      {link}
      {corner && <div className="position-absolute top-0 start-0 m-2 pe-none">{corner}</div>}
      {action && <div className="position-absolute top-0 end-0 m-2">{action}</div>}
    </div>
  );
}
