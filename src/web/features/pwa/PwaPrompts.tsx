import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, useUpdateWaiting } from '../../lib/service-worker';
import { useSettings } from '../site/api/settings';
import { acceptInstallOffer, dismissInstallOffer, useInstallOffer } from './install-prompt';

/**
 * The app's two offers, floating at the top of the screen over the page (mounted once, router Root):
 * - a new version is ready: "Reload" (only when the member chooses it: nothing is interrupted mid-action);
 * - install the app, after the first match or sent message (install-prompt.ts), dismissible and remembered.
 */
/** Whether a dialog is open (Bootstrap marks the body): the install offer waits until it is closed. */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(() => document.body.classList.contains('modal-open'));
  useEffect(() => {
    const observer = new MutationObserver(() => setOpen(document.body.classList.contains('modal-open')));
    observer.observe(document.body, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return open;
}

export function PwaPrompts() {
  const { t } = useTranslation('pwa');
  const settings = useSettings();
  const updateWaiting = useUpdateWaiting();
  const dialogOpen = useDialogOpen();
  const installOffer = useInstallOffer() && !dialogOpen;
  if (!updateWaiting && !installOffer) return null;
  return (
    <div className="pwa-prompts">
      {updateWaiting && (
        <div className="card shadow border-0" data-testid="pwa-update">
          <div className="card-body d-flex align-items-center gap-2 py-2">
            <i className="bi bi-arrow-repeat fs-5 text-primary" aria-hidden="true" />
            <span className="flex-grow-1" role="status">
              {t('update.text')}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-primary rounded-pill"
              onClick={applyUpdate}
              data-testid="pwa-update-reload"
            >
              {t('update.reload')}
            </button>
          </div>
        </div>
      )}
      {installOffer && (
        <section
          className="card shadow border-0"
          data-testid="pwa-install"
          aria-labelledby="pwa-install-title"
        >
          <div className="card-body">
            <div className="d-flex align-items-start gap-2 mb-1">
              <img src="/icons/icon-192.png" alt="" width={32} height={32} className="rounded" />
              <h2 className="h6 flex-grow-1 mb-0 mt-1" id="pwa-install-title">
                {t('install.title', { siteName: settings.name })}
              </h2>
              <button
                type="button"
                className="btn-close"
                aria-label={t('install.close')}
                onClick={dismissInstallOffer}
              />
            </div>
            <p className="small mb-2">{t('install.text')}</p>
            <div className="d-flex justify-content-end gap-2">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary rounded-pill"
                onClick={dismissInstallOffer}
                data-testid="pwa-install-dismiss"
              >
                {t('install.not_now')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-primary rounded-pill"
                onClick={() => void acceptInstallOffer()}
                data-testid="pwa-install-accept"
              >
                {t('install.install')}
              </button>
            </div>
          </div>
        </section>
      )}
    </div>
  );
}
