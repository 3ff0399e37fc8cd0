import type { LanderCard } from './use-lander';

/** At most this many slides (main.scss' lander styles define the crossfade for 2 up to this many). */
export const REEL_MAX_SLIDES = 6;

/**
 * A "video-like" slideshow of member photos: the slides crossfade one after another in CSS (keyframes per slide
 * count in _landers.scss; still, showing the first photo, with reduced motion). Decorative: the page names the
 * members elsewhere.
 */
export function PhotoReel({ profiles }: { profiles: readonly LanderCard[] }) {
  const slides = profiles.flatMap((p) => (p.main_image ? [{ id: p.id, url: p.main_image.filename }] : []));
  const shown = slides.slice(0, REEL_MAX_SLIDES);
  if (shown.length === 0) return <div className="lander-reel-slides lander-reel-empty" aria-hidden="true" />;
  return (
    <>
      <div className={`lander-reel-slides lander-reel-n${shown.length}`} aria-hidden="true">
        {shown.map((s) => (
          <div className="lander-reel-slide" key={s.id}>
            <img className="lander-reel-backdrop" src={s.url} alt="" />
            <img className="lander-reel-photo" src={s.url} alt="" />
          </div>
        ))}
      </div>
      {shown.length > 1 && (
        <div className={`lander-reel-dots lander-reel-n${shown.length}`} aria-hidden="true">
          {shown.map((s) => (
            <span className="lander-reel-dot" key={s.id} />
          ))}
        </div>
      )}
    </>
  );
}
