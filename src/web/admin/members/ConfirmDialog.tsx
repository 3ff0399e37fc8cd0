import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/ui/BusyButton';
import { ErrorAlert } from '../components/ErrorAlert';

/** A confirmation before an action: what it does, the server's refusal if any, and cancel / confirm. */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  danger = false,
  busy,
  error,
  disabled = false,
  onConfirm,
  onClose,
  testId,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy: boolean;
  error: unknown;
  disabled?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testId: string;
}) {
  const { t } = useTranslation('members');
  return (
    <Modal show onHide={onClose} centered data-testid={testId}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && !disabled) onConfirm();
        }}
      >
        <Modal.Header closeButton closeLabel={t('cancel')}>
          <Modal.Title as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <ErrorAlert error={error} ns="members" testId={`${testId}-error`} />
          {children}
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-dark"
            onClick={onClose}
            data-testid={`${testId}-cancel`}
          >
            {t('cancel')}
          </button>
          <BusyButton
            type="submit"
            busy={busy}
            disabled={disabled}
            className={`btn ${danger ? 'btn-danger' : 'btn-primary'}`}
            data-testid={`${testId}-confirm`}
          >
            {confirmLabel}
          </BusyButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}
