import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { topDialog } from '../../lib/dialog-focus';
import { focusPageHeading, MAIN_ID, pageHeading } from '../../lib/page-heading';

/** How long a new page may take to show its heading (its data loading) before focus goes to the main element. */
export const HEADING_WAIT_MS = 5_000;

/**
 * Links inside an element with `data-route-focus="keep"` change the page in place (the likes tabs): after such a
 * page change focus stays on the link the member used, or, when the page was built anew, goes to the same navigation's
 * current link (aria-current="page").
 */
export const KEEP_FOCUS_SELECTOR = '[data-route-focus="keep"]';

/** After a page change that came from an in-page navigation (KEEP_FOCUS_SELECTOR): keep focus there. */
function keptInPage(doc: Document, usedLast: Element | null): boolean {
  if (!usedLast?.closest(KEEP_FOCUS_SELECTOR)) return false;
  if (usedLast.isConnected) return true;
  doc.querySelector<HTMLElement>(`${KEEP_FOCUS_SELECTOR} [aria-current="page"]`)?.focus();
  return true;
}

/**
 * After a page change, focus the new page's heading once it is there. It waits while a dialog is open (the dialog
 * gives focus back itself) and stops as soon as focus was put somewhere else meanwhile (a click, a page that focuses
 * a field). `usedLast` is the element that had focus last before the change (the link used). Answers the function
 * that stops waiting.
 */
export function focusHeadingWhenReady(
  doc: Document = document,
  waitMs = HEADING_WAIT_MS,
  usedLast: Element | null = doc.activeElement,
): () => void {
  const win = doc.defaultView ?? window;
  if (keptInPage(doc, usedLast)) return () => undefined;
  const startFocus = doc.activeElement;
  // Focus is free to move while it is where the navigation left it (a top-bar link, or nowhere).
  const untouched = () => {
    const active = doc.activeElement;
    return active === null || active === doc.body || active === startFocus || active.id === MAIN_ID;
  };
  let done = false;
  const attempt = (fallbackToMain: boolean): boolean => {
    if (topDialog(doc)) return false;
    if (!untouched()) return true;
    if (!fallbackToMain && !pageHeading(doc)) return false;
    focusPageHeading(doc, fallbackToMain);
    return true;
  };
  const observer = new win.MutationObserver(() => {
    if (attempt(false)) stop();
  });
  const timer = win.setTimeout(() => {
    attempt(true);
    stop();
  }, waitMs);
  function stop() {
    done = true;
    observer.disconnect();
    win.clearTimeout(timer);
  }
  if (attempt(false)) stop();
  else observer.observe(doc.body, { childList: true, subtree: true });
  return () => {
    if (!done) stop();
  };
}

/**
 * Every page change (a new path; not the first load, not a change of the query only) moves focus to the new page's
 * heading, so keyboard and screen-reader users start on the new page and hear where they are. Used once, by the
 * router's root, for all pages.
 */
export function useRouteFocus(): void {
  const { pathname } = useLocation();
  const previous = useRef<string | null>(null);
  // The element focused last, kept even when the page change removes it (was it one of the likes tabs?).
  const usedLast = useRef<Element | null>(null);
  useEffect(() => {
    const remember = (e: FocusEvent) => {
      if (e.target instanceof Element) usedLast.current = e.target;
    };
    document.addEventListener('focusin', remember);
    return () => document.removeEventListener('focusin', remember);
  }, []);
  useEffect(() => {
    const before = previous.current;
    previous.current = pathname;
    if (before === null || before === pathname) return undefined;
    return focusHeadingWhenReady(document, HEADING_WAIT_MS, usedLast.current);
  }, [pathname]);
}
