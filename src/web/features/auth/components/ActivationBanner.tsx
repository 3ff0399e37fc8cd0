import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { useRouteName } from '../../../app/route-name';
import { useBannerTurn } from '../../../components/ui/banner-slot';
import { clearSignupComplete, isSignupJustCompleted } from '../../signup/signup-complete';
import { resendActivationCall } from '../api/accounts';

const HIDDEN_ON = new Set(['signup', 'members-id-signup', 'notifications', 'complete-signup']);
const PHONE_MAX_WIDTH = 575;

/** Spec: logged in, no disabled notifications, status not_confirmed and profile status disabled. */
export function shouldShowActivationReminder(
  user: CurrentUser | null | undefined,
  routeName: string,
): boolean {
  if (!user || HIDDEN_ON.has(routeName)) return false;
  return (
    user.notifications_disabled.length === 0 &&
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled'
  );
}

/** The activation reminder banner; right after signup on a phone it shows as a modal instead. */
export function ActivationBanner({ user }: { user: CurrentUser | null | undefined }) {
  const { t } = useTranslation('auth');
  const routeName = useRouteName();
  const resend = useMutation({ mutationFn: resendActivationCall });
  const [modalOpen, setModalOpen] = useState(
    () => isSignupJustCompleted() && window.innerWidth <= PHONE_MAX_WIDTH,
  );
  const turn = useBannerTurn('activation', shouldShowActivationReminder(user, routeName));
  if (!turn || !user) return null;
  const body = (
    <>
      <strong>{t('banner.title')}</strong> {t('banner.text', { email: user.email })}
    </>
  );
  const resendButton = (
    <button
      type="button"
      className="btn btn-sm btn-dark rounded-pill"
      onClick={() => resend.mutate()}
      disabled={resend.isPending || resend.isSuccess}
    >
      {resend.isSuccess ? t('banner.sent') : t('banner.resend')}
    </button>
  );
  if (modalOpen) {
    const close = () => {
      clearSignupComplete();
      setModalOpen(false);
    };
    return (
      <Modal
        show
        onHide={close}
        centered
        data-testid="activation-modal"
        aria-labelledby="activation-modal-title"
      >
        <Modal.Header closeButton>
          <Modal.Title id="activation-modal-title" as="h2" className="h5">
            {t('banner.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('banner.text', { email: user.email })}</Modal.Body>
        <Modal.Footer>
          <Link to="/complete-signup" className="btn btn-link" onClick={close}>
            {t('banner.change')}
          </Link>
          {resendButton}
        </Modal.Footer>
      </Modal>
    );
  }
  return (
    <div
      className="activation-banner alert alert-warning rounded-0 border-0 mb-0 py-2"
      role="status"
      data-testid="activation-banner"
    >
      <div className="container-lg d-flex flex-wrap align-items-center gap-2 small">
        <i className="bi bi-envelope-exclamation fs-5" aria-hidden="true" />
        <span className="flex-grow-1">{body}</span>
        <Link to="/complete-signup" className="link-dark">
          {t('banner.change')}
        </Link>
        {resendButton}
      </div>
    </div>
  );
}
