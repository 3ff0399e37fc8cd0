import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/PageSpinner';
import { DIALOG_SELECTOR, initialControl } from '../../../lib/dialog-focus';
import { useSettings } from '../../site/api/settings';
import { useSignupModal } from '../open-signup';

// The flow (forms, schemas, photo step) loads when the modal opens, not with every page (size budgets, issue 24).
const SignupFlow = lazy(() => import('./SignupFlow').then((m) => ({ default: m.SignupFlow })));

/**
 * The flow arrives after the dialog opened (a lazy chunk), so the dialog found no field to focus and put focus on
 * its close button; once the form is there, focus moves on to its first field, as for every dialog (lib/dialog-focus).
 * Focus the member already moved elsewhere stays where it is.
 */
function FocusFirstFieldOnArrival() {
  useEffect(() => {
    const active = document.activeElement as HTMLElement | null;
    const dialog = active?.closest<HTMLElement>(DIALOG_SELECTOR);
    if (!active || !dialog) return;
    if (active !== dialog && !active.closest('.modal-header')) return;
    initialControl(dialog)?.focus();
  }, []);
  return null;
}

/** Desktop signup: a modal that backdrop and Escape cannot close while signup is in progress. */
export function SignupModal() {
  const { t } = useTranslation('auth');
  const settings = useSettings();
  const modal = useSignupModal();
  const [inProgress, setInProgress] = useState(false);
  const { pathname } = useLocation();
  const shownOn = useRef(pathname);
  // The flow ends by navigating to the signup matches: the modal closes once that page is there (routes load
  // lazily, so closing earlier would briefly show the page underneath to a signed-in member).
  useEffect(() => {
    if (shownOn.current !== pathname) {
      shownOn.current = pathname;
      if (modal?.open) {
        setInProgress(false);
        modal.hide();
      }
    }
  }, [pathname, modal]);
  if (!modal) return null;
  const close = () => {
    if (!inProgress) modal.hide();
  };
  return (
    <Modal
      show={modal.open}
      onHide={close}
      backdrop={inProgress ? 'static' : true}
      keyboard={!inProgress}
      centered
      aria-labelledby="signup-title"
      data-testid="signup-modal"
    >
      <Modal.Header closeButton={!inProgress}>
        <Modal.Title id="signup-title" as="h2" className="h5 fw-bold">
          {t('signup.title', { siteName: settings.name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {modal.open && (
          <Suspense fallback={<PageSpinner />}>
            <SignupFlow
              memberId={modal.memberId}
              onProgressChange={setInProgress}
              onFinished={() => setInProgress(false)}
            />
            <FocusFirstFieldOnArrival />
          </Suspense>
        )}
      </Modal.Body>
    </Modal>
  );
}
