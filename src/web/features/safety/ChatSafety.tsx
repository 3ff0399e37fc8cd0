import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { ChatMessage, Conversation } from '../../../shared/schemas/chat';
import { SAFETY_PAGE_PATH, unmatchCall } from './api';

/**
 * The recipient's gentle warning under a first message that carried a scam pattern, an e-mail address, a link or a
 * phone number (the server's `safety_warning`), with the way to the safety tips.
 */
export function SafetyWarning({ flag }: { flag: NonNullable<ChatMessage['safety_warning']> }) {
  const { t } = useTranslation('safety');
  return (
    <div className="chat-safety-warning small mt-1" role="note" data-testid={`chat-safety-warning-${flag}`}>
      <i className="bi bi-shield-exclamation me-1" aria-hidden="true" />
      <strong className="me-1">{t('chat.warning_title')}.</strong>
      {t(`chat.warning.${flag}`)}{' '}
      <Link to={SAFETY_PAGE_PATH} data-testid="chat-safety-tips">
        {t('chat.warning_tips')}
      </Link>
    </div>
  );
}

/** Unmatch from the conversation's header: asks first, then ends the conversation and goes back to the list. */
export function UnmatchButton({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('safety');
  const [asking, setAsking] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const name = conversation.profile.name;
  const unmatch = useMutation({
    mutationFn: () => unmatchCall(conversation.id),
    onSuccess: () => {
      setAsking(false);
      void queryClient.invalidateQueries({ queryKey: ['chats'] });
      void queryClient.invalidateQueries({ queryKey: ['likes'] });
      void queryClient.invalidateQueries({ queryKey: ['conversation', conversation.id] });
      navigate('/chats', { replace: true });
    },
  });
  if (conversation.ended) return null;
  return (
    <>
      <button
        type="button"
        className="btn btn-link text-body px-1"
        onClick={() => setAsking(true)}
        title={t('chat.unmatch')}
        aria-label={t('chat.unmatch')}
        data-testid="chat-unmatch"
      >
        <i className="bi bi-heartbreak fs-5" aria-hidden="true" />
      </button>
      <Modal
        show={asking}
        onHide={() => setAsking(false)}
        centered
        aria-labelledby="unmatch-title"
        data-testid="unmatch-dialog"
      >
        <Modal.Header closeButton closeLabel={t('chat.cancel')}>
          <Modal.Title as="h2" className="h5" id="unmatch-title">
            {t('chat.unmatch_title', { name })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="mb-0">{t('chat.unmatch_text')}</p>
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-secondary rounded-pill"
            onClick={() => setAsking(false)}
          >
            {t('chat.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-danger rounded-pill"
            disabled={unmatch.isPending}
            onClick={() => unmatch.mutate()}
            data-testid="unmatch-confirm"
          >
            {t('chat.unmatch_confirm')}
          </button>
        </Modal.Footer>
      </Modal>
    </>
  );
}

/** In place of the composer once the conversation was ended (by either member). */
export function ConversationEnded({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('safety');
  const by = conversation.ended;
  if (!by) return null;
  return (
    <p className="chat-footer-notice text-center mx-2 mx-sm-3 my-3" role="status" data-testid="chat-ended">
      <i className="bi bi-heartbreak me-2" aria-hidden="true" />
      {by === 'me' ? t('chat.ended_me') : t('chat.ended_partner', { name: conversation.profile.name })}
    </p>
  );
}
