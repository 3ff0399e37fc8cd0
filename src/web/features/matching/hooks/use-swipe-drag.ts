import {
  type DragEvent as ReactDragEvent,
  type MouseEvent as ReactMouseEvent,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
} from 'react';
import type { SwipeAction } from './use-swipe-deck';

/** A drag further than this share of the card's width is a swipe. */
export const SWIPE_DISTANCE = 0.3;
/** A shorter drag still is a swipe when released this fast (px/ms) in its direction... */
const FLICK_SPEED = 0.5;
/** ...and at least this far. */
const FLICK_MIN_PX = 40;
/** Movement before a press becomes a drag: below it, a tap on the profile link stays a click. */
const DRAG_START_PX = 6;
const MAX_TILT_DEG = 14;
/** The fly-out's fallback end, should transitionend never come (a hidden tab, a test DOM). */
const FLY_OUT_MS = 450;

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Moves the card through the CSSOM (custom properties read by _swipe.scss), never a style attribute: the
 * Content-Security-Policy allows no inline styles. The stamps and the card behind follow the drag's progress.
 */
function place(card: HTMLElement, stack: HTMLElement | null, dx: number, dy: number): void {
  const width = card.offsetWidth || 320;
  const progress = Math.max(-1, Math.min(1, dx / (width * SWIPE_DISTANCE)));
  card.style.setProperty('--dx', `${dx.toFixed(1)}px`);
  card.style.setProperty('--dy', `${dy.toFixed(1)}px`);
  card.style.setProperty('--tilt', `${((dx / width) * MAX_TILT_DEG).toFixed(2)}deg`);
  card.style.setProperty('--like', Math.max(0, progress).toFixed(3));
  card.style.setProperty('--nope', Math.max(0, -progress).toFixed(3));
  stack?.style.setProperty('--drag', Math.abs(progress).toFixed(3));
}

function snapBack(card: HTMLElement, stack: HTMLElement | null): void {
  card.classList.remove('is-dragging');
  for (const p of ['--dx', '--dy', '--tilt', '--like', '--nope']) card.style.removeProperty(p);
  stack?.style.removeProperty('--drag');
}

/** Resets the stack's drag progress: called once the card behind has become the top card. */
export function resetStack(stack: HTMLElement | null): void {
  stack?.style.removeProperty('--drag');
}

/**
 * Throws the card off the screen to the right (like) or left (pass), from wherever a drag left it, then calls
 * `done`. Without animation (`done` at once) when the member prefers reduced motion.
 */
export function flyOut(
  card: HTMLElement | null,
  stack: HTMLElement | null,
  action: SwipeAction,
  done: () => void,
): void {
  if (!card || prefersReducedMotion()) {
    done();
    return;
  }
  const dir = action === 'like' ? 1 : -1;
  const dx = Number.parseFloat(card.style.getPropertyValue('--dx')) || 0;
  const dy = Number.parseFloat(card.style.getPropertyValue('--dy')) || 0;
  const away = Math.max(window.innerWidth / 2 + card.offsetWidth * 1.2, Math.abs(dx) + card.offsetWidth);
  card.classList.remove('is-dragging');
  card.classList.add('is-leaving');
  place(card, stack, dir * away, dy + 40);
  let finished = false;
  const finish = () => {
    if (finished) return;
    finished = true;
    clearTimeout(timer);
    card.removeEventListener('transitionend', onEnd);
    done();
  };
  const onEnd = (e: TransitionEvent) => {
    if (e.target === card && e.propertyName === 'transform') finish();
  };
  card.addEventListener('transitionend', onEnd);
  const timer = setTimeout(finish, FLY_OUT_MS);
}

interface Drag {
  pointerId: number;
  x: number;
  y: number;
  dx: number;
  dy: number;
  /** moved far enough to be a drag */
  active: boolean;
  /** time of the last move, and the horizontal speed there (px/ms, smoothed) */
  t: number;
  vx: number;
}

/**
 * Pointer Events drag of the top card (mouse, pen and touch alike): the card follows the pointer, tilting; released
 * past SWIPE_DISTANCE of its width, or flicked, it calls `onSwipe`; else it snaps back. A drag never counts as a
 * click on the card's profile link. Spread the answer on the card element.
 */
export function useSwipeDrag({
  cardRef,
  stackRef,
  enabled,
  onSwipe,
}: {
  cardRef: RefObject<HTMLElement | null>;
  stackRef: RefObject<HTMLElement | null>;
  enabled: boolean;
  onSwipe: (action: SwipeAction) => void;
}) {
  const drag = useRef<Drag | null>(null);
  const dragged = useRef(false);
  const onSwipeRef = useRef(onSwipe);
  useLayoutEffect(() => {
    onSwipeRef.current = onSwipe;
  }, [onSwipe]);

  const end = useCallback(
    (e: ReactPointerEvent<HTMLElement>, cancelled: boolean) => {
      const d = drag.current;
      const card = cardRef.current;
      if (!d || e.pointerId !== d.pointerId) return;
      drag.current = null;
      if (!d.active || !card) return;
      const width = card.offsetWidth || 320;
      const far = Math.abs(d.dx) > width * SWIPE_DISTANCE;
      const recent = e.timeStamp - d.t < 120;
      const flick =
        recent &&
        Math.abs(d.vx) > FLICK_SPEED &&
        Math.abs(d.dx) > FLICK_MIN_PX &&
        Math.sign(d.vx) === Math.sign(d.dx);
      if (!cancelled && (far || flick)) onSwipeRef.current(d.dx > 0 ? 'like' : 'pass');
      else snapBack(card, stackRef.current);
    },
    [cardRef, stackRef],
  );

  return useMemo(
    () => ({
      onPointerDown(e: ReactPointerEvent<HTMLElement>) {
        if (!enabled || !e.isPrimary || (e.pointerType === 'mouse' && e.button !== 0)) return;
        dragged.current = false;
        drag.current = {
          pointerId: e.pointerId,
          x: e.clientX,
          y: e.clientY,
          dx: 0,
          dy: 0,
          active: false,
          t: e.timeStamp,
          vx: 0,
        };
      },
      onPointerMove(e: ReactPointerEvent<HTMLElement>) {
        const d = drag.current;
        const card = cardRef.current;
        if (!d || !card || e.pointerId !== d.pointerId) return;
        const dx = e.clientX - d.x;
        const dy = e.clientY - d.y;
        if (!d.active) {
          if (Math.hypot(dx, dy) < DRAG_START_PX) return;
          d.active = true;
          dragged.current = true;
          card.classList.add('is-dragging');
          // Captured only now: a capture from the press on would take the click away from the profile link.
          try {
            card.setPointerCapture(e.pointerId);
          } catch {
            /* a pointer the browser does not track (synthetic events): the handlers on the card still see it */
          }
        }
        const dt = e.timeStamp - d.t;
        if (dt > 0) d.vx = 0.7 * ((dx - d.dx) / dt) + 0.3 * d.vx;
        d.t = e.timeStamp;
        d.dx = dx;
        d.dy = dy;
        place(card, stackRef.current, dx, dy * 0.3);
      },
      onPointerUp(e: ReactPointerEvent<HTMLElement>) {
        end(e, false);
      },
      onPointerCancel(e: ReactPointerEvent<HTMLElement>) {
        end(e, true);
      },
      onClickCapture(e: ReactMouseEvent<HTMLElement>) {
        if (!dragged.current) return;
        dragged.current = false;
        e.preventDefault();
        e.stopPropagation();
      },
      // No native drag and drop of the photo or the link: it would cancel the pointer drag.
      onDragStart(e: ReactDragEvent<HTMLElement>) {
        e.preventDefault();
      },
    }),
    [enabled, cardRef, stackRef, end],
  );
}
