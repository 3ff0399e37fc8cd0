import { type FormEvent, type KeyboardEvent, type RefObject, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Conversation } from '../../../../shared/schemas/chat';
import { sendTyping } from '../../live/use-live';
import { ChatPriceLine } from './ChatPriceLine';

export const PHOTO_TYPES = 'image/jpeg,image/png,image/webp';
const MAX_ROWS = 5;

/**
 * The message footer: the text (Enter sends, Shift+Enter is a new line) with its character count against
 * message_length, what a message costs, and the gift, photo and icebreaker buttons.
 */
export function Composer({
  conversation,
  draft,
  onDraft,
  onSend,
  onGifts,
  onPhoto,
  onIcebreakers,
  textarea,
}: {
  conversation: Conversation;
  draft: string;
  onDraft: (text: string) => void;
  onSend: (text: string) => void;
  onGifts: () => void;
  onPhoto: (file: File) => void;
  /** offered while the conversation is empty */
  onIcebreakers?: (() => void) | undefined;
  textarea: RefObject<HTMLTextAreaElement | null>;
}) {
  const { t } = useTranslation('chat');
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const max = conversation.message_length;
  const length = draft.length;
  const over = length > max;
  const canSend = draft.trim().length > 0 && !over;
  const rows = Math.min(MAX_ROWS, Math.max(1, draft.split('\n').length));

  const send = () => {
    if (!canSend) return;
    onSend(draft.trim());
    onDraft('');
    textarea.current?.focus();
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
    e.preventDefault();
    send();
  };

  const photoCost = t('credits.amount', { count: conversation.costs.photo });

  return (
    <form className="chat-composer px-2 px-sm-3 pt-2" onSubmit={onSubmit} data-testid="chat-composer">
      <div className="d-flex align-items-end gap-2">
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t('composer.label', { name: conversation.profile.name })}
        </label>
        <textarea
          ref={textarea}
          id={`${id}-text`}
          className={`form-control chat-input ${over ? 'is-invalid' : ''}`}
          rows={rows}
          value={draft}
          placeholder={t('composer.placeholder')}
          onChange={(e) => {
            onDraft(e.target.value);
            if (e.target.value.trim()) sendTyping(conversation.id);
          }}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-count ${id}-cost`}
          aria-invalid={over || undefined}
          data-testid="chat-input"
        />
        <button
          type="submit"
          className="btn btn-primary rounded-circle chat-send flex-shrink-0"
          disabled={!canSend}
          aria-label={t('composer.send')}
          title={t('composer.send')}
          data-testid="chat-send"
        >
          <i className="bi bi-send-fill" aria-hidden="true" />
        </button>
      </div>
      <div className="d-flex align-items-center gap-1 py-1 chat-composer-tools">
        <button
          type="button"
          className="btn btn-link chat-tool"
          onClick={onGifts}
          aria-label={t('composer.gift')}
          title={t('composer.gift')}
          data-testid="chat-gift-button"
        >
          <i className="bi bi-gift" aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-link chat-tool"
          onClick={() => fileInput.current?.click()}
          aria-label={t('composer.photo', { cost: photoCost })}
          title={t('composer.photo', { cost: photoCost })}
          data-testid="chat-photo-button"
        >
          <i className="bi bi-image" aria-hidden="true" />
        </button>
        <input
          ref={fileInput}
          type="file"
          accept={PHOTO_TYPES}
          className="d-none"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) onPhoto(file);
          }}
          data-testid="chat-photo-input"
        />
        {onIcebreakers && (
          <button
            type="button"
            className="btn btn-link chat-tool"
            onClick={onIcebreakers}
            aria-label={t('composer.icebreakers')}
            title={t('composer.icebreakers')}
            data-testid="chat-icebreaker-button"
          >
            <i className="bi bi-lightbulb" aria-hidden="true" />
          </button>
        )}
        <span
          id={`${id}-count`}
          className={`small ms-auto flex-shrink-0 ${over ? 'text-danger fw-semibold' : 'text-body-secondary'}`}
          data-testid="chat-count"
        >
          <span aria-hidden="true">
            {length}/{max}
          </span>
          <span className="visually-hidden">
            {over
              ? t('composer.too_long', { count: length - max })
              : t('composer.count', { count: length, max })}
          </span>
        </span>
      </div>
      {/* What a message costs: free ones left, then credits and money (one line, wrapping on phones). */}
      <ChatPriceLine conversation={conversation} id={`${id}-cost`} />
    </form>
  );
}
