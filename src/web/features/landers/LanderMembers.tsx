import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileCard } from '../members/components/ProfileCard';
import { SignupLink } from '../signup/components/SignupLink';
import { useSettings } from '../site/api/settings';
import type { LanderCard } from './use-lander';

/**
 * A lander's members: a heading and a grid of profile cards. A card leads to the member-linked signup, and its
 * round action opens signup for that member (the modal on desktop). Nothing at all without members.
 */
export function LanderMembers({
  profiles,
  title,
  subtitle,
  className = '',
  columns = 'row-cols-2 row-cols-sm-3 row-cols-lg-4',
  badge,
}: {
  profiles: readonly LanderCard[];
  title: string;
  subtitle?: string;
  className?: string;
  /** Bootstrap row-cols classes of the grid */
  columns?: string;
  badge?: (profile: LanderCard) => ReactNode;
}) {
  const { t } = useTranslation('landers');
  const settings = useSettings();
  if (profiles.length === 0) return null;
  return (
    <section className={`lander-members py-5 ${className}`.trim()} aria-labelledby="lander-members-title">
      <div className="container-lg">
        <h2 id="lander-members-title" className="h3 fw-bold mb-1">
          {title}
        </h2>
        {subtitle && <p className="lander-members-subtitle mb-0">{subtitle}</p>}
        <div className={`row g-2 g-md-3 mt-2 ${columns}`}>
          {profiles.map((p) => (
            <div className="col" key={p.id}>
              <ProfileCard
                profile={p}
                to={`/members/${p.id}/signup`}
                fictionalIcon={settings.fictional_icon}
                badge={badge?.(p)}
                action={
                  <SignupLink
                    memberId={p.id}
                    className="lander-card-action btn btn-light rounded-circle shadow-sm"
                    testId="lander-member-signup"
                  >
                    <i className="bi bi-chat-heart-fill" aria-hidden="true" />
                    <span className="visually-hidden">{t('types.message_member', { name: p.name })}</span>
                  </SignupLink>
                }
              />
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
