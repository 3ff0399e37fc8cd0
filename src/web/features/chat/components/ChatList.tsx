import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { badgeText } from '../../../../shared/rules';
import type { ChatListItem } from '../../../../shared/schemas/chat';
import { RetryButton } from '../../../components/ui/RetryButton';
import { dateLocale } from '../../../lib/date-locale';
import { currentLocale } from '../../../lib/i18n';
import { VerifiedBadge } from '../../verification/VerifiedBadge';
import { chatsQuery, deleteChatCall, removeChatFromList } from '../api/chat';
import { ChatAvatar, FictionalMark, isGiftId } from './ChatParts';

/** The member's chats: photo, name, last message, time and unread count; each can be deleted (after a confirm). */
export function ChatList({ activeId }: { activeId: number | undefined }) {
  const { t } = useTranslation('chat');
  const chats = useQuery(chatsQuery);
  const client = useQueryClient();
  const navigate = useNavigate();
  const [confirm, setConfirm] = useState<ChatListItem | null>(null);

  // The spec: the chat leaves the list at once, then the server is called; a failure shows the raw error in an
  // alert and reloads the list.
  const remove = async (item: ChatListItem) => {
    setConfirm(null);
    const id = item.conversation.id;
    await client.cancelQueries({ queryKey: chatsQuery.queryKey });
    removeChatFromList(client, id);
    if (activeId === id) navigate('/chats', { replace: true });
    try {
      await deleteChatCall(id);
      client.removeQueries({ queryKey: ['messages', id] });
    } catch (err) {
      window.alert(err instanceof Error ? err.message : String(err));
      void client.invalidateQueries({ queryKey: chatsQuery.queryKey });
    }
  };

  if (!chats.data && chats.isError)
    return (
      <div className="text-center px-3 py-5" role="alert" data-testid="chats-error">
        <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <p className="mb-3">{t('load_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void chats.refetch()}
          busy={chats.isFetching}
          label={t('retry')}
          testId="chats-retry"
        />
      </div>
    );
  // The progress indicator only on the first load: later refetches keep the list on screen.
  if (!chats.data)
    return (
      <div className="d-flex justify-content-center py-5" data-testid="chats-loading">
        <span className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('loading')}</span>
        </span>
      </div>
    );
  if (chats.data.chats.length === 0) return <EmptyChats />;
  return (
    <>
      {chats.isError && (
        <div className="alert alert-warning small m-2 py-2 d-flex flex-wrap gap-2" role="alert">
          <span>{t('refresh_error')}</span>
          <RetryButton
            variant="link"
            onRetry={() => void chats.refetch()}
            busy={chats.isFetching}
            label={t('retry')}
          />
        </div>
      )}
      <ul className="list-unstyled mb-0 chat-list" data-testid="chats-list">
        {chats.data.chats.map((item) => (
          <ChatRow
            key={item.conversation.id}
            item={item}
            active={item.conversation.id === activeId}
            onDelete={() => setConfirm(item)}
          />
        ))}
      </ul>
      <Modal
        show={confirm !== null}
        onHide={() => setConfirm(null)}
        centered
        size="sm"
        aria-labelledby="chat-delete-title"
        data-testid="chat-delete-modal"
      >
        {confirm && (
          <>
            <Modal.Header closeButton closeLabel={t('close')}>
              <Modal.Title as="h2" className="h5" id="chat-delete-title">
                {t('delete.title')}
              </Modal.Title>
            </Modal.Header>
            <Modal.Body>{t('delete.text', { name: confirm.profile.name })}</Modal.Body>
            <Modal.Footer>
              <button type="button" className="btn btn-outline-secondary" onClick={() => setConfirm(null)}>
                {t('delete.cancel')}
              </button>
              <button
                type="button"
                className="btn btn-danger"
                onClick={() => void remove(confirm)}
                data-testid="chat-delete-confirm"
              >
                {t('delete.confirm')}
              </button>
            </Modal.Footer>
          </>
        )}
      </Modal>
    </>
  );
}

function ChatRow({ item, active, onDelete }: { item: ChatListItem; active: boolean; onDelete: () => void }) {
  const { t } = useTranslation('chat');
  const { profile, last_message: last, num_unread_messages: unread } = item;
  const when = last ? new Date(last.created_at) : null;
  return (
    <li
      className={`chat-list-item d-flex align-items-center ${unread > 0 ? 'chat-list-item-unread' : ''} ${active ? 'chat-list-item-active' : ''}`}
      data-testid="chat-item"
    >
      <Link
        to={`/chats/${item.conversation.id}`}
        className="chat-list-link d-flex align-items-center gap-3 flex-grow-1 min-w-0 text-decoration-none text-body"
        aria-current={active ? 'page' : undefined}
      >
        <ChatAvatar profile={profile} />
        <span className="d-block flex-grow-1 min-w-0">
          <span className="d-flex align-items-baseline gap-2">
            <span className="chat-list-name text-truncate">{profile.name}</span>
            {profile.fictional && <FictionalMark className="small" />}
            {profile.verified && <VerifiedBadge className="small" />}
            {when && !Number.isNaN(when.getTime()) && (
              <time dateTime={last!.created_at} className="ms-auto small text-body-secondary flex-shrink-0">
                {Date.now() - when.getTime() < 60_000
                  ? t('just_now')
                  : formatDistanceToNowStrict(when, { addSuffix: true, locale: dateLocale(currentLocale()) })}
              </time>
            )}
          </span>
          <span className="d-flex align-items-center gap-2">
            <span className="chat-list-preview small text-truncate" data-testid="chat-preview">
              <Preview item={item} />
            </span>
            {unread > 0 && (
              <span className="badge rounded-pill chat-unread-badge ms-auto" data-testid="chat-unread">
                <span aria-hidden="true">{badgeText(unread)}</span>
                <span className="visually-hidden">{t('unread', { count: unread })}</span>
              </span>
            )}
          </span>
        </span>
      </Link>
      <button
        type="button"
        className="btn btn-link chat-delete text-body-secondary"
        onClick={onDelete}
        aria-label={t('delete.button', { name: profile.name })}
        title={t('delete.button', { name: profile.name })}
        data-testid="chat-delete"
      >
        <i className="bi bi-trash3" aria-hidden="true" />
      </button>
    </li>
  );
}

function Preview({ item }: { item: ChatListItem }) {
  const { t } = useTranslation('chat');
  const last = item.last_message;
  if (!last) return <span className="fst-italic">{t('preview.none')}</span>;
  const you = last.mine ? <span className="chat-preview-you">{t('preview.you')} </span> : null;
  if (last.kind === 'gift')
    return (
      <>
        {you}
        <i className="bi bi-gift me-1" aria-hidden="true" />
        {isGiftId(last.text) ? t(`gifts.names.${last.text}`) : t('preview.gift')}
      </>
    );
  if (last.kind === 'photo')
    return (
      <>
        {you}
        <i className="bi bi-camera me-1" aria-hidden="true" />
        {t('preview.photo')}
      </>
    );
  return (
    <>
      {you}
      {last.text}
    </>
  );
}

function EmptyChats() {
  const { t } = useTranslation('chat');
  return (
    <div className="text-center px-4 py-5" data-testid="chats-empty">
      <span className="chat-empty-icon d-inline-flex mb-3" aria-hidden="true">
        <i className="bi bi-chat-heart" />
      </span>
      <h2 className="h5 fw-semibold">{t('empty.title')}</h2>
      <p className="text-body-secondary mb-4">{t('empty.text')}</p>
      <div className="d-grid gap-2 chat-empty-actions mx-auto">
        <Link to="/members" className="btn btn-primary rounded-pill" data-testid="chats-empty-search">
          <i className="bi bi-search-heart me-2" aria-hidden="true" />
          {t('empty.search')}
        </Link>
        <Link to="/likes" className="btn btn-outline-primary rounded-pill" data-testid="chats-empty-likes">
          <i className="bi bi-heart me-2" aria-hidden="true" />
          {t('empty.likes')}
        </Link>
      </div>
    </div>
  );
}
