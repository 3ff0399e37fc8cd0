import { useLayoutEffect, useRef } from 'react';
import type { SwipeAction } from './use-swipe-deck';

const ARROWS: Partial<Record<string, SwipeAction>> = { ArrowRight: 'like', ArrowLeft: 'pass' };
/** Where the arrow keys mean something else: typing, menus, and any open dialog (the signup modal). */
const ELSEWHERE = 'input, textarea, select, [contenteditable], [role="menu"], [role="listbox"], .modal';

/**
 * → likes and ← passes while `enabled` (the swipe game and the swipe lander). Installed in a layout effect, so the keys work as soon as the card shows;
 * a key with a modifier, held down, or pressed inside a field or a dialog is left alone.
 */
export function useArrowSwipe(enabled: boolean, onSwipe: (action: SwipeAction) => void): void {
  const latest = useRef(onSwipe);
  useLayoutEffect(() => {
    latest.current = onSwipe;
  }, [onSwipe]);

  useLayoutEffect(() => {
    if (!enabled) return;
    const handle = (event: KeyboardEvent) => {
      const action = ARROWS[event.key];
      if (action === undefined || event.defaultPrevented || event.repeat) return;
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const target = event.target;
      if (target instanceof HTMLElement && (target.isContentEditable || target.closest(ELSEWHERE))) return;
      event.preventDefault();
      latest.current(action);
    };
    window.addEventListener('keydown', handle);
    return () => window.removeEventListener('keydown', handle);
  }, [enabled]);
}
