import { useTranslation } from 'react-i18next';
import type { LanderMapArea } from '../../../../shared/schemas/lander-map';
import { ProfileCard } from '../../members/components/ProfileCard';
import { SignupLink } from '../../signup/components/SignupLink';
import { useSettings } from '../../site/api/settings';
import { areaCity } from './MemberMap';

/** The members of the area chosen on the map, each card leading to the signup for that member. */
export function AreaMembers({ area }: { area: LanderMapArea }) {
  const { t } = useTranslation('landers');
  const settings = useSettings();
  const city = areaCity(area);
  return (
    <section
      className="lander-map-panel card border-0 shadow-sm"
      aria-labelledby="lander-map-panel-title"
      aria-live="polite"
      data-testid="lander-map-panel"
    >
      <div className="card-body p-3 p-md-4">
        <h2 id="lander-map-panel-title" className="h5 fw-bold mb-1">
          <i className="bi bi-geo-alt-fill text-primary me-2" aria-hidden="true" />
          {city ? t('types.maplanding.panel_title', { city }) : t('types.maplanding.panel_title_area')}
        </h2>
        <p className="small text-body-secondary mb-3">{t('types.maplanding.panel_text')}</p>
        <div className="row g-2 row-cols-2 row-cols-sm-3 row-cols-md-4 row-cols-xl-6">
          {area.members.map((p) => (
            <div className="col" key={p.id}>
              <ProfileCard
                profile={p}
                to={`/members/${p.id}/signup`}
                fictionalIcon={settings.fictional_icon}
                action={
                  <SignupLink
                    memberId={p.id}
                    className="lander-card-action btn btn-light rounded-circle shadow-sm"
                    testId="lander-map-member-signup"
                  >
                    <i className="bi bi-chat-heart-fill" aria-hidden="true" />
                    <span className="visually-hidden">{t('types.message_member', { name: p.name })}</span>
                  </SignupLink>
                }
              />
            </div>
          ))}
        </div>
        <p className="small text-body-secondary mt-3 mb-0">
          <i className="bi bi-shield-lock me-1" aria-hidden="true" />
          {t('types.maplanding.privacy_note')}
        </p>
      </div>
    </section>
  );
}
