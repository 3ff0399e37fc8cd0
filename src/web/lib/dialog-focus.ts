import { focusPageHeading } from './page-heading';
import { tabbables } from './tabbable';

/** An open dialog: react-bootstrap's Modal renders this element (a direct child of body) while it is shown. */
export const DIALOG_SELECTOR = '[role="dialog"][aria-modal="true"]';

export function openDialogs(doc: Document = document): HTMLElement[] {
  return [...doc.querySelectorAll<HTMLElement>(DIALOG_SELECTOR)];
}

/** The dialog on top: the one opened last (each is appended to the body). */
export function topDialog(doc: Document = document): HTMLElement | null {
  return openDialogs(doc).at(-1) ?? null;
}

/**
 * The control a dialog opens on: one marked `data-autofocus`, else the first Tab stop of its body, then of its
 * footer (the content's own controls: a form's first field, the dialog's main button), and only then anything else
 * (the header's close button).
 */
export function initialControl(dialog: HTMLElement): HTMLElement | null {
  const marked = dialog.querySelector<HTMLElement>('[data-autofocus]');
  if (marked && tabbables(dialog).includes(marked)) return marked;
  for (const part of ['.modal-body', '.modal-footer']) {
    const section = dialog.querySelector<HTMLElement>(part);
    const first = section ? tabbables(section)[0] : undefined;
    if (first) return first;
  }
  return tabbables(dialog)[0] ?? null;
}

/**
 * Keyboard focus for every dialog of the app (react-bootstrap's Modal leaves three gaps; this closes them once
 * for all dialogs, installed by the router's root):
 * - A dialog opens with focus on its dialog box; here focus goes on to its first control (initialControl).
 * - Tab and Shift+Tab cycle through the top dialog's controls (Modal only pulls escaped focus back to the box, so
 *   Shift+Tab got stuck on the box).
 * - On close, Modal returns focus to what had it when the dialog opened. When that was nothing (the opener, a busy
 *   button, was disabled at that moment) or it is gone, focus goes to the last control used outside the dialog
 *   (the Like button under the match modal), else to the page's heading (the page behind the 18+ warning).
 * Returns the function that uninstalls it.
 */
export function installDialogFocus(doc: Document = document): () => void {
  const win = doc.defaultView ?? window;
  let lastOutside: HTMLElement | null = null;
  let pointerInDialog = false;

  const onPointerDown = (e: Event) => {
    pointerInDialog = e.target instanceof win.Element && e.target.closest(DIALOG_SELECTOR) !== null;
    if (pointerInDialog) win.setTimeout(() => (pointerInDialog = false), 0);
  };

  const onFocusIn = (e: FocusEvent) => {
    const target = e.target;
    if (!(target instanceof win.HTMLElement)) return;
    const dialog = target.closest<HTMLElement>(DIALOG_SELECTOR);
    if (!dialog) {
      if (target !== doc.body) lastOutside = target;
      return;
    }
    // The box itself got focus: on opening, or pulled back from outside. A click on the box's blank area, or focus
    // moving within the dialog, is left alone.
    if (target !== dialog || pointerInDialog) return;
    const from = e.relatedTarget;
    if (from instanceof win.Node && dialog.contains(from)) return;
    initialControl(dialog)?.focus();
  };

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Tab' || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
    const dialog = topDialog(doc);
    if (!dialog) return;
    const stops = tabbables(dialog);
    const first = stops[0];
    const last = stops.at(-1);
    const active = doc.activeElement;
    const inside = active !== null && active !== dialog && dialog.contains(active);
    if (!first || !last) {
      e.preventDefault();
      dialog.focus();
    } else if (e.shiftKey && (!inside || active === first)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && (!inside || active === last)) {
      e.preventDefault();
      first.focus();
    }
  };

  const restore = () => {
    if (topDialog(doc)) return;
    const active = doc.activeElement;
    if (active && active !== doc.body) return;
    if (lastOutside?.isConnected) {
      lastOutside.focus();
      if (doc.activeElement === lastOutside) return;
    }
    focusPageHeading(doc);
  };
  const observer = new win.MutationObserver((records) => {
    const closed = records.some((r) =>
      [...r.removedNodes].some(
        (n) => n instanceof win.Element && (n.matches(DIALOG_SELECTOR) || n.querySelector(DIALOG_SELECTOR)),
      ),
    );
    if (closed) restore();
  });

  doc.addEventListener('pointerdown', onPointerDown, true);
  doc.addEventListener('focusin', onFocusIn);
  doc.addEventListener('keydown', onKeyDown);
  observer.observe(doc.body, { childList: true });
  return () => {
    doc.removeEventListener('pointerdown', onPointerDown, true);
    doc.removeEventListener('focusin', onFocusIn);
    doc.removeEventListener('keydown', onKeyDown);
    observer.disconnect();
  };
}
