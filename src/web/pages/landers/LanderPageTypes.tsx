import { useTranslation } from 'react-i18next';
import { LOCALES } from '../../../shared/locales';
import { RULES } from '../../../shared/rules';
import { LanderClosing } from '../../features/landers/LanderClosing';
import { LanderCta } from '../../features/landers/LanderCta';
import { LanderHeroCopy } from '../../features/landers/LanderHeroCopy';
import { LanderMembers } from '../../features/landers/LanderMembers';
import { MemberPost } from '../../features/landers/MemberPost';
import { PhotoReel } from '../../features/landers/PhotoReel';
import { type LanderCard, useLander } from '../../features/landers/use-lander';
import { SignupLink } from '../../features/signup/components/SignupLink';

/** The members with a photo, as decorative tiles (the page names them in its member list). */
function photoTiles(profiles: readonly LanderCard[], max: number, className: string) {
  return profiles
    .filter((p) => p.main_image)
    .slice(0, max)
    .map((p, i) => (
      <div className={`${className} ${className}-${i}`} key={p.id}>
        <img src={p.main_image?.match} alt="" />
      </div>
    ));
}

/** The generic members section of a lander. */
function Members({ profiles }: { profiles: readonly LanderCard[] }) {
  const { t } = useTranslation('landers');
  return (
    <LanderMembers
      profiles={profiles}
      title={t('types.members_title')}
      subtitle={t('types.members_subtitle')}
      className="bg-body-tertiary"
    />
  );
}

/** gallery: a headline, then a clean grid of members, each card's action opens signup for that member. */
export function GalleryLander() {
  const { t } = useTranslation('landers');
  const { settings, profiles } = useLander('gallery');
  return (
    <>
      <section className="lander-gallery-hero">
        <div className="container-lg">
          <LanderHeroCopy type="gallery" tone="primary" center />
        </div>
      </section>
      <LanderMembers
        profiles={profiles}
        title={t('types.gallery.members_title')}
        subtitle={t('types.gallery.members_subtitle', { siteName: settings.name })}
        className="lander-gallery-members pt-4"
        columns="row-cols-2 row-cols-md-3 row-cols-lg-4"
      />
      <LanderClosing empty={profiles.length === 0} />
    </>
  );
}

/** collagelanding: a big, overlapping collage of member photos beside the call to action. */
export function CollageLander() {
  const { profiles } = useLander('collagelanding');
  const tiles = photoTiles(profiles, 7, 'lander-collage-tile');
  return (
    <>
      <section className="hero lander-hero lander-collage-hero">
        <div className="container-lg">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-5 order-2 order-lg-1">
              <LanderHeroCopy type="collagelanding" />
            </div>
            <div className="col-lg-7 order-1 order-lg-2">
              <div
                className={`lander-collage${tiles.length === 0 ? ' lander-collage-empty' : ''}`}
                aria-hidden="true"
              >
                {tiles}
                <span className="lander-collage-heart">
                  <i className="bi bi-heart-fill" />
                </span>
              </div>
            </div>
          </div>
        </div>
      </section>
      <Members profiles={profiles} />
      <LanderClosing empty={profiles.length === 0} />
    </>
  );
}

const ICON_FEATURES = [
  { icon: 'shield-lock', key: 'common:landing.features.privacy' },
  { icon: 'chat-heart', key: 'common:landing.features.chat' },
  { icon: 'heart-arrow', key: 'common:landing.features.match' },
  { icon: 'translate', key: 'types.iconslanding.languages' },
  { icon: 'phone', key: 'types.iconslanding.devices' },
  { icon: 'gift', key: 'types.iconslanding.free' },
] as const;

/** iconslanding: a hero, a row of feature icons explaining the site, then members. */
export function IconsLander() {
  const { t } = useTranslation('landers');
  const { settings, profiles } = useLander('iconslanding');
  const values = {
    siteName: settings.name,
    languages: LOCALES.length,
    boost: RULES.premiumMatchChanceBoostPercent,
    credits: settings.signup_credits,
  };
  return (
    <>
      <section className="hero lander-hero lander-icons-hero">
        <div className="container-lg">
          <LanderHeroCopy type="iconslanding" center>
            {profiles.length > 0 && (
              <div className="lander-avatars justify-content-center" aria-hidden="true">
                {photoTiles(profiles, 5, 'lander-avatar')}
              </div>
            )}
          </LanderHeroCopy>
        </div>
      </section>
      <section className="lander-icons py-5" aria-labelledby="lander-icons-title">
        <div className="container-lg">
          <h2 id="lander-icons-title" className="h3 fw-bold text-center mb-4">
            {t('types.iconslanding.features_title', values)}
          </h2>
          <ul className="row g-3 g-md-4 row-cols-2 row-cols-md-3 row-cols-xl-6 list-unstyled mb-0">
            {ICON_FEATURES.map((f) => (
              <li className="col" key={f.icon}>
                <div className="lander-icon-feature text-center h-100">
                  <span className="lander-icon" aria-hidden="true">
                    <i className={`bi bi-${f.icon}`} />
                  </span>
                  <h3 className="h6 fw-semibold mt-3 mb-1">{t(`${f.key}.title`, values)}</h3>
                  <p className="small text-body-secondary mb-0">{t(`${f.key}.text`, values)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>
      <Members profiles={profiles} />
      <LanderClosing empty={profiles.length === 0} />
    </>
  );
}

/** alonetonight: an evening hero and the members who were online recently first. */
export function AloneTonightLander() {
  const { t } = useTranslation('landers');
  const { profiles } = useLander('alonetonight');
  const sorted = [...profiles].sort(
    (a, b) => Number(b.online_recently ?? false) - Number(a.online_recently ?? false),
  );
  const windows = photoTiles(sorted, 3, 'lander-night-window');
  return (
    <>
      <section className="hero lander-hero lander-night-hero">
        <span className="lander-night-sky" aria-hidden="true" />
        <div className="container-lg">
          <div className="row align-items-center g-4 g-lg-5">
            <div className="col-lg-6">
              <LanderHeroCopy
                type="alonetonight"
                kicker={
                  <>
                    <i className="bi bi-moon-stars-fill me-2" aria-hidden="true" />
                    {t('types.alonetonight.kicker')}
                  </>
                }
              />
            </div>
            <div className="col-lg-6 d-none d-md-block">
              <div className="lander-night-windows" aria-hidden="true">
                {windows.length > 0 ? windows : <span className="lander-night-moon" />}
              </div>
            </div>
          </div>
        </div>
      </section>
      <LanderMembers
        profiles={sorted}
        title={t('types.alonetonight.members_title')}
        subtitle={t('types.alonetonight.members_subtitle')}
        className="lander-night-members"
        badge={(p) =>
          p.online_recently ? (
            <span className="badge rounded-pill lander-online-badge">
              <span className="online-dot d-inline-block rounded-circle bg-success me-1" aria-hidden="true" />
              {t('types.online_recently')}
            </span>
          ) : null
        }
      />
      <LanderClosing empty={profiles.length === 0} className="lander-night-closing" />
    </>
  );
}

const FEED_POSTS = 8;

/** socialnetwork: a social feed of member "posts" whose like, comment and message buttons open signup. */
export function SocialNetworkLander() {
  const { t } = useTranslation('landers');
  const { settings, profiles } = useLander('socialnetwork');
  return (
    <>
      <section className="hero lander-hero lander-social-hero">
        <div className="container-lg">
          <div className="row align-items-center g-4">
            <div className="col-lg-7">
              <LanderHeroCopy type="socialnetwork" />
            </div>
            <div className="col-lg-5 d-none d-lg-block">
              <div className="lander-social-peek" aria-hidden="true">
                {profiles
                  .filter((p) => p.main_image)
                  .slice(0, 3)
                  .map((p, i) => (
                    <div className={`lander-peek-post lander-peek-post-${i}`} key={p.id}>
                      <img src={p.main_image?.match} alt="" />
                      <span className="lander-peek-bar">
                        <i className="bi bi-heart-fill" />
                        <i className="bi bi-chat" />
                        <i className="bi bi-send" />
                      </span>
                    </div>
                  ))}
              </div>
            </div>
          </div>
        </div>
      </section>
      {profiles.length > 0 && (
        <div className="lander-social bg-body-tertiary">
          <div className="container-lg py-4 py-lg-5">
            <div className="row g-4 justify-content-center">
              <section className="col-md-9 col-lg-6" aria-labelledby="lander-feed-title">
                <h2 id="lander-feed-title" className="h4 fw-bold mb-3">
                  {t('types.socialnetwork.feed_title')}
                </h2>
                <ul className="lander-stories list-unstyled d-flex gap-3 mb-3">
                  {profiles.slice(0, 8).map((p) => (
                    <li key={p.id}>
                      <SignupLink memberId={p.id} className="lander-story text-decoration-none">
                        <span className="lander-post-avatar" aria-hidden="true">
                          {p.main_image ? (
                            <img src={p.main_image.thumb_filename} alt="" />
                          ) : (
                            <i className="bi bi-person" />
                          )}
                        </span>
                        <span className="lander-story-name text-truncate">{p.name}</span>
                      </SignupLink>
                    </li>
                  ))}
                </ul>
                <SignupLink className="lander-composer card border-0 shadow-sm mb-3 text-decoration-none">
                  <span className="d-flex align-items-center gap-3 p-3">
                    <span className="lander-post-avatar flex-shrink-0" aria-hidden="true">
                      <i className="bi bi-person" />
                    </span>
                    <span className="lander-composer-field flex-grow-1">
                      {t('types.socialnetwork.composer')}
                    </span>
                    <i className="bi bi-image text-primary fs-5" aria-hidden="true" />
                  </span>
                </SignupLink>
                <div className="d-grid gap-3">
                  {profiles.slice(0, FEED_POSTS).map((p) => (
                    <MemberPost profile={p} fictionalIcon={settings.fictional_icon} key={p.id} />
                  ))}
                </div>
              </section>
              <aside className="col-lg-4 d-none d-lg-block" aria-labelledby="lander-join-title">
                <div className="lander-social-aside card border-0 shadow-sm">
                  <div className="card-body p-4">
                    <h2 id="lander-join-title" className="h5 fw-bold">
                      {t('types.socialnetwork.join_title')}
                    </h2>
                    <p className="text-body-secondary small">{t('types.socialnetwork.join_text')}</p>
                    <div className="lander-avatars mb-3" aria-hidden="true">
                      {photoTiles(profiles, 5, 'lander-avatar')}
                    </div>
                    <LanderCta tone="primary" login={false} testId="lander-aside-cta" />
                  </div>
                </div>
              </aside>
            </div>
          </div>
        </div>
      )}
      <LanderClosing empty={profiles.length === 0} />
    </>
  );
}

/** transitionsvideolanding: a full-width, crossfading slideshow of member photos with the call to action. */
export function TransitionsVideoLander() {
  const { profiles } = useLander('transitionsvideolanding');
  return (
    <>
      <section className="lander-reel">
        <PhotoReel profiles={profiles} />
        <div className="lander-reel-shade" aria-hidden="true" />
        <div className="container-lg lander-reel-copy">
          <LanderHeroCopy type="transitionsvideolanding" />
        </div>
      </section>
      <Members profiles={profiles} />
      <LanderClosing empty={profiles.length === 0} />
    </>
  );
}
