import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { MemberProfile } from '../../../shared/schemas/member-profile';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { blockCall, memberQuery, unblockCall } from '../../features/members/api/members';
import { refreshAfterVisibilityChange } from '../../features/members/visibility-change';

/** Block and unblock on another member's profile, with a confirmation before blocking. */
export function BlockControl({ profile }: { profile: MemberProfile }) {
  const { t } = useTranslation('members');
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const key = memberQuery(profile.id).queryKey;
  const setBlocked = (blocked: boolean) => {
    queryClient.setQueryData(key, (old) =>
      old ? { ...old, profile: { ...old.profile, blocked_by_me: blocked } } : old,
    );
    refreshAfterVisibilityChange(queryClient);
  };
  const block = useMutation({
    mutationFn: () => blockCall(profile.id),
    onSuccess: () => {
      setConfirming(false);
      setBlocked(true);
    },
  });
  const unblock = useMutation({
    mutationFn: () => unblockCall(profile.id),
    onSuccess: () => setBlocked(false),
  });
  const name = profile.name;

  if (profile.blocked_by_me) {
    return (
      <div className="alert alert-secondary mt-3 mb-0" role="status" data-testid="member-blocked">
        <p className="mb-2">
          <i className="bi bi-slash-circle me-2" aria-hidden="true" />
          {t('block.blocked', { name })}
        </p>
        <FormAlert error={unblock.error} />
        <BusyButton
          type="button"
          className="btn btn-outline-dark btn-sm rounded-pill px-3"
          onClick={() => unblock.mutate()}
          busy={unblock.isPending}
          data-testid="member-unblock"
        >
          {t('block.unblock')}
        </BusyButton>
      </div>
    );
  }
  return (
    <>
      <div className="mt-3 text-end">
        <button
          type="button"
          className="btn btn-link btn-sm text-body-secondary"
          onClick={() => {
            block.reset();
            setConfirming(true);
          }}
          data-testid="member-block"
        >
          <i className="bi bi-slash-circle me-1" aria-hidden="true" />
          {t('block.block')}
        </button>
      </div>
      <Modal
        show={confirming}
        onHide={() => !block.isPending && setConfirming(false)}
        centered
        data-testid="member-block-confirm"
      >
        <Modal.Header closeButton closeLabel={t('block.cancel')}>
          <Modal.Title as="h2" className="h5">
            {t('block.confirm_title', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-3">{t('block.confirm_text', { name })}</p>
          <FormAlert error={block.error} />
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-link text-body-secondary"
            onClick={() => setConfirming(false)}
            disabled={block.isPending}
            data-testid="member-block-cancel"
          >
            {t('block.cancel')}
          </button>
          <BusyButton
            type="button"
            className="btn btn-danger rounded-pill px-4"
            onClick={() => block.mutate()}
            busy={block.isPending}
            data-testid="member-block-submit"
          >
            {t('block.confirm')}
          </BusyButton>
        </Modal.Footer>
      </Modal>
    </>
  );
}
