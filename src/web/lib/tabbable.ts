const CANDIDATES = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  'iframe',
  '[contenteditable=""]',
  '[contenteditable="true"]',
  '[tabindex]',
].join(',');

/** A radio button is a Tab stop only when checked, or as the first of its group when none is. */
function isRadioTabStop(input: HTMLInputElement): boolean {
  if (input.type !== 'radio' || !input.name || input.checked) return true;
  const scope = input.form ?? input.ownerDocument;
  const group = [...scope.querySelectorAll<HTMLInputElement>('input[type="radio"]')].filter(
    (r) => r.name === input.name && !r.disabled,
  );
  return !group.some((r) => r.checked) && group[0] === input;
}

/** Rendered and not visibility:hidden (Safari before 17.4 has no checkVisibility: then laid out at all). */
function isShown(el: HTMLElement): boolean {
  if (typeof el.checkVisibility !== 'function') return el.getClientRects().length > 0;
  return el.checkVisibility({ visibilityProperty: true });
}

/**
 * The elements of `root` that Tab stops at, in document order: focusable, not taken out of the order
 * (tabindex="-1", a roving group's other items), not inert and not hidden.
 */
export function tabbables(root: ParentNode): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(CANDIDATES)].filter(
    (el) =>
      el.tabIndex >= 0 &&
      !el.closest('[inert]') &&
      isShown(el) &&
      !(el instanceof HTMLInputElement && !isRadioTabStop(el)),
  );
}
