/** Installed-app (PWA standalone) display mode. */
export function isStandalone(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean };
  return window.matchMedia?.('(display-mode: standalone)').matches === true || nav.standalone === true;
}

/** Marks the body so the footer layout can adapt, and keeps it right when the display mode changes. */
export function installStandaloneClass(): void {
  const apply = () => document.body.classList.toggle('standalone', isStandalone());
  apply();
  window.matchMedia?.('(display-mode: standalone)').addEventListener?.('change', apply);
}
