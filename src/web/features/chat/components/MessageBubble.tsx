import { useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RULES } from '../../../../shared/rules';
import type { ChatMessage } from '../../../../shared/schemas/chat';
import { BusyButton } from '../../../components/ui/BusyButton';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { dateLocale } from '../../../lib/date-locale';
import { ApiError } from '../../../lib/http';
import { currentLocale } from '../../../lib/i18n';
import { SafetyWarning } from '../../safety/ChatSafety';
import { upsertMessage, viewMessageCall } from '../api/chat';
import type { OutgoingMessage } from '../outbox';
import { isGiftId } from './ChatParts';
import { GiftArt } from './GiftArt';

/** A message of the list: one the server has (`message`) or one of the outbox (`outgoing`). */
export type ListedMessage =
  | { key: string; created_at: string; mine: boolean; message: ChatMessage; outgoing?: undefined }
  | { key: string; created_at: string; mine: true; message?: undefined; outgoing: OutgoingMessage };

export type MessageStatus = 'pending' | 'failed' | ChatMessage['status'];

const STATUS_ICON: Record<MessageStatus, string> = {
  pending: 'bi-clock',
  failed: 'bi-exclamation-circle-fill',
  held: 'bi-hourglass-split',
  sent: 'bi-check2',
  read: 'bi-check2-all',
};

export function statusOf(item: ListedMessage): MessageStatus {
  return item.outgoing ? item.outgoing.state : item.message.status;
}

/** The error under a failed message, in the member's words. */
export function useFailureText() {
  const { t } = useTranslation('chat');
  return (error: OutgoingMessage['error']) => {
    if (!error) return t('errors.generic');
    if (error.code === 'network_error') return t('errors.network');
    if (error.message) return error.message;
    if (error.code === 'insufficient_credits') return t('errors.insufficient_credits');
    if (error.code === 'conversation_limit_reached')
      return t('errors.conversation_limit', { max: RULES.freeMember.maxStartedConversations });
    if (error.status === 429) return t('errors.rate_limited');
    return t('errors.generic');
  };
}

export function MessageBubble({
  item,
  partnerName,
  onRetry,
  onDiscard,
  onOpenPhoto,
}: {
  item: ListedMessage;
  partnerName: string;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  onOpenPhoto: (url: string, alt: string) => void;
}) {
  const { t } = useTranslation('chat');
  const failureText = useFailureText();
  const status = statusOf(item);
  const at = new Date(item.created_at);
  const kind = item.message?.kind ?? item.outgoing!.kind;
  return (
    <li
      className={`chat-message d-flex flex-column ${item.mine ? 'chat-message-mine align-items-end' : 'chat-message-theirs align-items-start'}`}
      data-testid="chat-message"
      data-status={item.mine ? status : undefined}
    >
      <div className={`chat-bubble chat-bubble-${kind} ${status === 'failed' ? 'chat-bubble-failed' : ''}`}>
        <span className="visually-hidden">
          {item.mine ? t('message.you_said') : t('message.partner_said', { name: partnerName })}
        </span>
        <Content item={item} partnerName={partnerName} onOpenPhoto={onOpenPhoto} />
        <span className="chat-meta d-flex align-items-center justify-content-end gap-1">
          {!Number.isNaN(at.getTime()) && (
            <time dateTime={item.created_at}>{format(at, 'p', { locale: dateLocale(currentLocale()) })}</time>
          )}
          {item.mine && (
            <span className={`chat-status chat-status-${status}`} title={t(`message.status.${status}`)}>
              <i className={`bi ${STATUS_ICON[status]}`} aria-hidden="true" />
              <span className="visually-hidden" data-testid="chat-message-status">
                {t(`message.status.${status}`)}
              </span>
            </span>
          )}
        </span>
      </div>
      {!item.mine && item.message?.safety_warning && <SafetyWarning flag={item.message.safety_warning} />}
      {item.outgoing && item.outgoing.state === 'failed' && (
        <div className="chat-failed small d-flex flex-wrap align-items-center justify-content-end gap-2 mt-1">
          <span className="text-danger" data-testid="chat-message-error">
            {t('message.failed', { error: failureText(item.outgoing.error) })}
          </span>
          {item.outgoing.error?.code === 'insufficient_credits' && (
            <Link
              to="/credits"
              className="btn btn-sm btn-primary rounded-pill py-0"
              data-testid="chat-message-buy-credits"
            >
              <i className="bi bi-coin me-1" aria-hidden="true" />
              {t('errors.buy_credits')}
            </Link>
          )}
          <button
            type="button"
            className="btn btn-sm btn-outline-danger rounded-pill py-0"
            onClick={() => onRetry(item.outgoing.client_id)}
            data-testid="chat-message-retry"
          >
            <i className="bi bi-arrow-clockwise me-1" aria-hidden="true" />
            {t('message.retry')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-link text-body-secondary p-0"
            onClick={() => onDiscard(item.outgoing.client_id)}
            data-testid="chat-message-discard"
          >
            {t('message.discard')}
          </button>
        </div>
      )}
    </li>
  );
}

function Content({
  item,
  partnerName,
  onOpenPhoto,
}: {
  item: ListedMessage;
  partnerName: string;
  onOpenPhoto: (url: string, alt: string) => void;
}) {
  const { t } = useTranslation('chat');
  const m = item.message ?? item.outgoing!;
  if (m.kind === 'gift') {
    const gift = isGiftId(m.gift) ? m.gift : null;
    const name = gift ? t(`gifts.names.${gift}`) : t('preview.gift');
    return (
      <span className="d-flex flex-column align-items-center text-center gap-1 px-2 pt-1">
        {gift && <GiftArt gift={gift} size="lg" />}
        <span className="chat-gift-caption small">
          {item.mine
            ? t('message.gift_mine', { gift: name })
            : t('message.gift_theirs', { name: partnerName, gift: name })}
        </span>
      </span>
    );
  }
  if (m.kind === 'photo') {
    if (item.outgoing)
      return (
        <span className="d-block">
          <span className="chat-photo d-block">
            {item.outgoing.preview ? (
              <img src={item.outgoing.preview} alt={t('message.photo_mine_alt')} />
            ) : (
              <i className="bi bi-image" aria-hidden="true" />
            )}
          </span>
          {item.outgoing.state === 'pending' && (
            <ProgressBar
              value={item.outgoing.progress}
              label={t('message.uploading', { percent: item.outgoing.progress })}
              className="progress-thin mt-2"
              testId="chat-upload-progress"
            />
          )}
        </span>
      );
    return <ServerPhoto message={item.message!} partnerName={partnerName} onOpenPhoto={onOpenPhoto} />;
  }
  // Text as typed: React renders it as text (never as HTML); pre-wrap keeps the line breaks.
  return <p className="chat-text text-pre-wrap mb-0">{m.text}</p>;
}

function ServerPhoto({
  message,
  partnerName,
  onOpenPhoto,
}: {
  message: ChatMessage;
  partnerName: string;
  onOpenPhoto: (url: string, alt: string) => void;
}) {
  const { t } = useTranslation('chat');
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const photo = message.photo;
  if (!photo) return <i className="bi bi-image" aria-hidden="true" />;
  const alt = message.mine ? t('message.photo_mine_alt') : t('message.photo_alt', { name: partnerName });
  if (photo.blurred && !message.mine) {
    const view = async () => {
      setBusy(true);
      setError(null);
      try {
        upsertMessage(client, await viewMessageCall(message.id));
      } catch (err) {
        setError(
          err instanceof ApiError && err.message && err.code !== 'network_error'
            ? err.message
            : t('errors.generic'),
        );
      } finally {
        setBusy(false);
      }
    };
    return (
      <span className="d-block">
        <span className="chat-photo chat-photo-blurred d-block">
          <img src={photo.thumb_url} alt="" />
          <span className="chat-photo-veil d-flex align-items-center justify-content-center">
            <BusyButton
              busy={busy}
              className="btn btn-light btn-sm rounded-pill shadow-sm"
              onClick={() => void view()}
              aria-label={t('message.tap_to_view_label', { name: partnerName })}
              data-testid="chat-photo-view"
            >
              <i className="bi bi-eye me-1" aria-hidden="true" />
              {t('message.tap_to_view')}
            </BusyButton>
          </span>
        </span>
        {error && (
          <span className="d-block small text-danger mt-1" role="alert">
            {error}
          </span>
        )}
      </span>
    );
  }
  return (
    <button
      type="button"
      className="chat-photo d-block btn p-0 border-0"
      onClick={() => onOpenPhoto(photo.url, alt)}
      aria-label={t('message.open_photo')}
    >
      <img src={photo.thumb_url} alt={alt} />
    </button>
  );
}
