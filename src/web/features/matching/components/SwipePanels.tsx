import type { TFunction } from 'i18next';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const DAY_MS = 86_400_000;
const localDayNumber = (d: Date) =>
  Math.round(new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime() / DAY_MS);

/**
 * "New likes tomorrow from 01:00": when the next free likes come (the next UTC midnight) in the browser's time zone
 * and the member's language; null for a date the browser cannot read.
 */
export function nextFreeText(
  t: TFunction<'swipe'>,
  iso: string,
  language: string,
  now = new Date(),
): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  let time: string;
  try {
    time = new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(at);
  } catch {
    time = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit' }).format(at);
  }
  // "12:00 AM" stays on one line.
  time = time.replace(/\s/g, '\u00a0');
  return localDayNumber(at) > localDayNumber(now)
    ? t('limit.next_tomorrow', { time })
    : t('limit.next_today', { time });
}

/**
 * The panel's heading takes the focus when the swiped card's buttons have gone from under it (the focus fell back to
 * the page), so keyboard and screen reader users land on what replaced the stack.
 */
function usePanelFocus() {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const active = document.activeElement;
    if (active === null || active === document.body) heading.current?.focus();
  }, []);
  return heading;
}

/** Shown instead of the stack when today's likes are used up: why, when new ones come, and where to go meanwhile. */
export function SwipeLimitPanel({
  message,
  likesPerDay,
  nextFreeAt,
}: {
  /** the server's message of a refused like; without it the screen says it in its own words */
  message: string | null;
  likesPerDay: number;
  nextFreeAt: string | undefined;
}) {
  const { t, i18n } = useTranslation('swipe');
  const next = nextFreeAt ? nextFreeText(t, nextFreeAt, i18n.language) : null;
  const heading = usePanelFocus();
  return (
    <section className="swipe-panel" aria-labelledby="swipe-limit-title" data-testid="swipe-limit">
      <div className="swipe-panel-icon" aria-hidden="true">
        <i className="bi bi-hourglass-split" />
      </div>
      <h2 className="h4 fw-bold mb-2" id="swipe-limit-title" ref={heading} tabIndex={-1}>
        {t('limit.title')}
      </h2>
      <p className="text-body-secondary mb-3">{message ?? t('limit.text', { count: likesPerDay })}</p>
      {next && (
        <p className="swipe-next-free" data-testid="swipe-next-free">
          <i className="bi bi-clock me-2" aria-hidden="true" />
          {next}
        </p>
      )}
      <div className="d-grid gap-2 mt-4">
        <Link to="/likes" className="btn btn-primary rounded-pill" data-testid="swipe-limit-likes">
          <i className="bi bi-heart me-2" aria-hidden="true" />
          {t('limit.likes')}
        </Link>
        <Link to="/members" className="btn btn-outline-dark rounded-pill" data-testid="swipe-limit-members">
          {t('limit.browse')}
        </Link>
      </div>
    </section>
  );
}

/** No cards left: what to do next (wider preferences in the match finder, or browsing all members). */
export function SwipeEmpty() {
  const { t } = useTranslation('swipe');
  const heading = usePanelFocus();
  return (
    <section className="swipe-panel" aria-labelledby="swipe-empty-title" data-testid="swipe-empty">
      <div className="swipe-panel-icon" aria-hidden="true">
        <i className="bi bi-stars" />
      </div>
      <h2 className="h4 fw-bold mb-2" id="swipe-empty-title" ref={heading} tabIndex={-1}>
        {t('empty.title')}
      </h2>
      <p className="text-body-secondary mb-0">{t('empty.text')}</p>
      <div className="d-grid gap-2 mt-4">
        <Link
          to="/match-finder"
          className="btn btn-primary rounded-pill"
          data-testid="swipe-empty-preferences"
        >
          <i className="bi bi-sliders me-2" aria-hidden="true" />
          {t('empty.preferences')}
        </Link>
        <Link to="/members" className="btn btn-outline-dark rounded-pill" data-testid="swipe-empty-members">
          {t('empty.browse')}
        </Link>
      </div>
    </section>
  );
}
