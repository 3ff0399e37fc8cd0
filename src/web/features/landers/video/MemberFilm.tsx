import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANDER_RULES } from '../../../../shared/rules-landers';
import { SignupLink } from '../../signup/components/SignupLink';
import type { LanderCard } from '../use-lander';
import { drawSlide, filmPosition } from './film-frame';

const reducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * A short film of public members, drawn in the page on a canvas from their portraits (nothing is fetched but the
 * photos the page shows anyway): each portrait slowly zooms and pans, then crossfades to the next, in a loop,
 * silent. Until the photos are loaded, and with reduced motion, the first portrait stands still as the poster.
 * Plays only while on screen and the tab is visible; a button pauses it. The caption names the member on screen,
 * with a signup link for them.
 */
export function MemberFilm({ profiles }: { profiles: readonly LanderCard[] }) {
  const { t } = useTranslation('landers');
  const slides = profiles.filter((p) => p.main_image).slice(0, LANDER_RULES.video.maxSlides);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [playing, setPlaying] = useState(() => !reducedMotion());
  const [ready, setReady] = useState(false);
  const [index, setIndex] = useState(0);
  const [progress, setProgress] = useState(0);
  const urls = slides.map((p) => p.main_image?.filename ?? '').join('|');
  /** Film time already played, so a paused film goes on where it stopped. */
  const played = useRef(0);

  useEffect(() => {
    const el = canvas.current;
    const ctx = el?.getContext('2d');
    if (!el || !ctx || !playing || urls === '') return;
    const images = urls.split('|').map((src) => {
      const image = new Image();
      image.decoding = 'async';
      image.src = src;
      return image;
    });
    let frame = 0;
    let visible = true;
    let started: number | undefined;
    let shown = -1;
    let lastProgress = 0;
    const observer =
      typeof IntersectionObserver === 'undefined'
        ? undefined
        : new IntersectionObserver(([entry]) => {
            visible = entry?.isIntersecting ?? true;
          });
    observer?.observe(el);
    const draw = (now: number) => {
      frame = requestAnimationFrame(draw);
      if (!visible || document.hidden || !images.every((i) => i.complete && i.naturalWidth > 0)) return;
      const ratio = Math.min(2, window.devicePixelRatio || 1);
      const width = Math.round(el.clientWidth * ratio);
      const height = Math.round(el.clientHeight * ratio);
      if (el.width !== width || el.height !== height) {
        el.width = width;
        el.height = height;
      }
      started ??= now - played.current;
      played.current = now - started;
      const at = filmPosition(played.current, images.length);
      const current = images[at.index];
      const next = images[at.next];
      if (current) drawSlide(ctx, current, at.index, at.progress, 1);
      if (next && at.fade > 0) drawSlide(ctx, next, at.next, 0, at.fade);
      if (shown < 0) setReady(true);
      const caption = at.fade > 0.5 ? at.next : at.index;
      if (caption !== shown) {
        shown = caption;
        setIndex(caption);
      }
      if (Math.abs(at.progress - lastProgress) > 0.05 || at.progress < lastProgress) {
        lastProgress = at.progress;
        setProgress(at.progress);
      }
    };
    frame = requestAnimationFrame(draw);
    return () => {
      cancelAnimationFrame(frame);
      observer?.disconnect();
    };
  }, [playing, urls]);

  const poster = slides[0]?.main_image?.filename;
  const member = slides[index] ?? slides[0];
  if (!poster || !member) return <div className="lander-film lander-film-empty" aria-hidden="true" />;
  return (
    <div className={`lander-film${ready ? ' is-ready' : ''}`} data-testid="lander-film">
      <div className="lander-film-picture" aria-hidden="true">
        <img className="lander-film-poster" src={poster} alt="" />
        <canvas ref={canvas} className="lander-film-canvas" />
      </div>
      <div className="lander-film-bars" aria-hidden="true">
        {slides.map((s, i) => (
          <span
            key={s.id}
            className={`lander-film-bar${i < index ? ' is-done' : ''}${i === index && playing ? ' is-now' : ''}`}
          >
            {i === index && playing && <FilmProgress value={progress} />}
          </span>
        ))}
      </div>
      <div className="lander-film-caption">
        <span className="lander-film-name fw-semibold" data-testid="lander-film-member">
          {member.name}, {member.age}
          {member.city && <span className="lander-film-city">{member.city}</span>}
        </span>
        <SignupLink
          memberId={member.id}
          className="btn btn-light btn-sm rounded-pill fw-semibold text-primary"
          testId="lander-film-signup"
        >
          <i className="bi bi-chat-heart-fill me-1" aria-hidden="true" />
          {t('types.video.say_hello', { name: member.name })}
        </SignupLink>
      </div>
      <button
        type="button"
        className="lander-film-toggle btn btn-dark btn-sm rounded-circle"
        aria-pressed={!playing}
        onClick={() => setPlaying((p) => !p)}
        data-testid="lander-film-toggle"
      >
        <i className={`bi bi-${playing ? 'pause-fill' : 'play-fill'}`} aria-hidden="true" />
        <span className="visually-hidden">{t(playing ? 'types.video.pause' : 'types.video.play')}</span>
      </button>
    </div>
  );
}

/** The filled part of the current slide's bar (set through the CSSOM: no inline styles). */
function FilmProgress({ value }: { value: number }) {
  const bar = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    bar.current?.style.setProperty('--film-progress', `${Math.round(value * 100)}%`);
  }, [value]);
  return <span ref={bar} className="lander-film-fill" />;
}
