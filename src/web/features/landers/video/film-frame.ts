import { LANDER_RULES } from '../../../../shared/rules-landers';

/** Where the film is at `elapsed` ms: the slide on screen, the next one, and how far the crossfade to it is. */
export function filmPosition(elapsed: number, slides: number) {
  const { slideMs, fadeMs } = LANDER_RULES.video;
  const total = Math.max(1, slides) * slideMs;
  const t = ((elapsed % total) + total) % total;
  const index = Math.floor(t / slideMs);
  const within = t - index * slideMs;
  const fade = slides > 1 ? Math.max(0, (within - (slideMs - fadeMs)) / fadeMs) : 0;
  return { index, next: (index + 1) % Math.max(1, slides), progress: within / slideMs, fade };
}

/**
 * Draws one portrait into the canvas as a slow zoom and pan ("Ken Burns"): covering the canvas, growing from 100 %
 * to 112 % over the slide, panning left or right by slide. `alpha` for the crossfade.
 */
export function drawSlide(
  ctx: CanvasRenderingContext2D,
  image: HTMLImageElement,
  index: number,
  progress: number,
  alpha: number,
) {
  const { width, height } = ctx.canvas;
  if (!image.naturalWidth || !image.naturalHeight) return;
  const cover = Math.max(width / image.naturalWidth, height / image.naturalHeight);
  const zoom = cover * (1 + 0.12 * progress);
  const w = image.naturalWidth * zoom;
  const h = image.naturalHeight * zoom;
  const direction = index % 2 === 0 ? 1 : -1;
  const pan = (w - width) * (0.5 + direction * (progress - 0.5) * 0.6);
  // Portraits: keep the face (upper third) in the frame.
  const top = (h - height) * 0.3;
  ctx.globalAlpha = alpha;
  ctx.drawImage(image, -pan, -top, w, h);
  ctx.globalAlpha = 1;
}
