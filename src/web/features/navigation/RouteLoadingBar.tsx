import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { RULES } from '../../../shared/rules';

type Phase = 'hidden' | 'running' | 'done';

/** How long the full bar stays before it fades (ms): long enough to be seen as "finished". */
const DONE_MS = 350;

/** The duration is a rule, so it reaches the stylesheet as a custom property (through the CSSOM: no inline styles). */
function withDuration(bar: HTMLDivElement | null): void {
  bar?.style.setProperty('--loading-bar-duration', `${RULES.loadingBar.durationMs}ms`);
}

/**
 * The top-bar loading progress (spec: throttle 200 ms, duration 5 s): while a navigation loads its screen, a thin
 * bar runs along the top of the window. It appears only when the wait passes the throttle (a quick page change shows
 * nothing), fills towards 90 % over the duration, and on arrival fills up and fades.
 */
export function RouteLoadingBar() {
  const { t } = useTranslation();
  const busy = useNavigation().state !== 'idle';
  const [phase, setPhase] = useState<Phase>('hidden');

  useEffect(() => {
    if (busy) {
      const timer = setTimeout(() => setPhase('running'), RULES.loadingBar.throttleMs);
      return () => clearTimeout(timer);
    }
    setPhase((p) => (p === 'running' ? 'done' : 'hidden'));
    return undefined;
  }, [busy]);

  useEffect(() => {
    if (phase !== 'done') return;
    const timer = setTimeout(() => setPhase('hidden'), DONE_MS);
    return () => clearTimeout(timer);
  }, [phase]);

  if (phase === 'hidden') return null;
  return (
    <div
      ref={withDuration}
      className={`route-loading-bar is-${phase}`}
      role="progressbar"
      aria-label={t('loading')}
      aria-busy={phase === 'running'}
      data-testid="route-loading-bar"
    />
  );
}
