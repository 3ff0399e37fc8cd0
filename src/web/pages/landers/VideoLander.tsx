import { useTranslation } from 'react-i18next';
import { LanderClosing } from '../../features/landers/LanderClosing';
import { LanderHeroCopy } from '../../features/landers/LanderHeroCopy';
import { LanderMembers } from '../../features/landers/LanderMembers';
import { useLander } from '../../features/landers/use-lander';
import { MemberFilm } from '../../features/landers/video/MemberFilm';

/**
 * video: a short silent film of the site's public members, made in the page from their portraits, with a signup
 * call to action over it and beside it; then the members of the film.
 */
export function VideoLander() {
  const { t } = useTranslation('landers');
  const { profiles } = useLander('video');
  return (
    <>
      <section className="hero lander-hero lander-video-hero">
        <div className="container-lg">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-md-6 col-lg-7 order-2 order-md-1">
              <LanderHeroCopy type="video" />
            </div>
            <div className="col-md-6 col-lg-5 order-1 order-md-2">
              <MemberFilm profiles={profiles} />
            </div>
          </div>
        </div>
      </section>
      <LanderMembers
        profiles={profiles}
        title={t('types.video.members_title')}
        subtitle={t('types.members_subtitle')}
        className="bg-body-tertiary"
      />
      <LanderClosing empty={profiles.length === 0} />
    </>
  );
}
