import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PageSpinner } from '../../../components/ui/PageSpinner';
import { useSettings } from '../../site/api/settings';
import { useSignupModal } from '../open-signup';

// The flow (forms, schemas, photo step) loads when the modal opens, not with every page (size budgets, issue 24).
const SignupFlow = lazy(() => import('./SignupFlow').then((m) => ({ default: m.SignupFlow })));

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
          </Suspense>
        )}
      </Modal.Body>
    </Modal>
  );
}
