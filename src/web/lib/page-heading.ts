/** Every layout renders its page into `<main id="main">` (the skip link's target too). */
export const MAIN_ID = 'main';

/** The page's heading: the first h1 inside the layout's main element. */
export function pageHeading(doc: Document = document): HTMLElement | null {
  return doc.getElementById(MAIN_ID)?.querySelector<HTMLElement>('h1') ?? null;
}

/** Focuses an element that is not a control (a heading, the main element) without adding it to the Tab order. */
export function focusStatic(el: HTMLElement, options?: FocusOptions): boolean {
  if (!el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1');
  el.focus(options);
  return el.ownerDocument.activeElement === el;
}

/**
 * Moves focus to the page's heading, so a screen reader reads where the member now is and the next Tab starts
 * at the top of the page; without a heading (`fallbackToMain`) to the main element. The scroll position is left
 * alone (the router sets it: the top for a new page, the old offset when going back).
 */
export function focusPageHeading(doc: Document = document, fallbackToMain = true): boolean {
  const target = pageHeading(doc) ?? (fallbackToMain ? doc.getElementById(MAIN_ID) : null);
  return target ? focusStatic(target, { preventScroll: true }) : false;
}
