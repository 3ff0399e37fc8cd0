import { type RefObject, useEffect, useRef } from 'react';
import { focusStatic } from '../../lib/page-heading';

/**
 * When the signup moves on to another step, focus goes to the new step's heading (the first heading inside `ref`),
 * so a screen reader reads the step and the next Tab starts on it; not on the first render (the page or the dialog
 * places focus then).
 */
export function useStepHeadingFocus(step: number): RefObject<HTMLDivElement | null> {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    const heading = ref.current?.querySelector<HTMLElement>('h1, h2, h3');
    if (heading) focusStatic(heading);
  }, [step]);
  return ref;
}
