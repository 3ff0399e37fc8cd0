import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ChatMessage, Conversation } from '../../../shared/schemas/chat';
import { RetryButton } from '../../components/ui/RetryButton';
import { useCurrentUser } from '../../features/auth/api/session';
import { afterSends, canAfford, creditsFor } from '../../features/chat/affordability';
import { conversationQuery, messagesQuery } from '../../features/chat/api/chat';
import { GiftPicker, IcebreakerModal } from '../../features/chat/components/ChatModals';
import { ChatAvatar } from '../../features/chat/components/ChatParts';
import { Composer } from '../../features/chat/components/Composer';
import { CreditsShortfall } from '../../features/chat/components/CreditsShortfall';
import { type ListedMessage, useFailureText } from '../../features/chat/components/MessageBubble';
import { MessageList } from '../../features/chat/components/MessageList';
import { loadDraft, saveDraft } from '../../features/chat/drafts';
import { GIFT_PARAM } from '../../features/chat/gift-link';
import { useChatSender, useSendTerms } from '../../features/chat/hooks/use-chat-sender';
import { useReadReceipts } from '../../features/chat/hooks/use-read-receipts';
import { outbox, useOutbox } from '../../features/chat/outbox';
import { ConversationEnded } from '../../features/safety/ChatSafety';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';

import { ConversationHeader } from './ConversationHeader';

/** /chats/:id: one conversation (at most 800 px wide), next to the list on desktop. */
export function ConversationPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  if (!Number.isSafeInteger(id) || id <= 0) return <Unavailable />;
  // Another conversation is a new screen: draft, modals and scroll position start afresh.
  return <ConversationScreen key={id} id={id} />;
}

function ConversationScreen({ id }: { id: number }) {
  const { t } = useTranslation('chat');
  const settings = useSettings();
  const user = useCurrentUser();
  const conversation = useQuery(conversationQuery(id));
  useHead({ title: conversation.data?.profile.name ?? t('title'), siteName: settings.name });

  if (conversation.isError) {
    const err = conversation.error;
    if (err instanceof ApiError && (err.status === 404 || err.code === 'conversation_not_found'))
      return <Unavailable />;
    return (
      <Frame>
        <div className="text-center px-3 py-5 my-auto" role="alert" data-testid="conversation-error">
          <i className="bi bi-wifi-off fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
          <p className="mb-3">{t('conversation.load_error')}</p>
          <RetryButton
            variant="pill"
            onRetry={() => void conversation.refetch()}
            busy={conversation.isFetching}
            label={t('retry')}
            testId="conversation-retry"
          />
        </div>
      </Frame>
    );
  }
  if (!conversation.data)
    return (
      <Frame>
        <div className="d-flex justify-content-center py-5 my-auto" data-testid="conversation-loading">
          <span className="spinner-border text-primary" role="status">
            <span className="visually-hidden">{t('conversation.loading')}</span>
          </span>
        </div>
      </Frame>
    );
  return <Chat conversation={conversation.data} member={user?.id ?? null} />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="conversation d-flex flex-column" data-testid="conversation">
      {children}
    </div>
  );
}

/** `member`: the signed-in member, whose draft and unsent messages of this conversation are kept (null: none kept). */
function Chat({ conversation, member }: { conversation: Conversation; member: number | null }) {
  const { t } = useTranslation('chat');
  const settings = useSettings();
  const partner = conversation.profile;
  const messages = useInfiniteQuery(messagesQuery(conversation.id));
  // The member's unsent messages of this conversation come back from storage first (features/chat/outbox).
  useState(() => (member === null ? undefined : outbox.restore(member, conversation.id)));
  const outgoing = useOutbox(conversation.id);
  const terms = useSendTerms(conversation);
  const sender = useChatSender(conversation.id, terms, Boolean(messages.data));
  const failureText = useFailureText();
  // Kept per member and conversation across reloads, until sent or cleared (features/chat/drafts).
  const [draft, setDraftState] = useState(() => (member === null ? '' : loadDraft(member, conversation.id)));
  const setDraft = useCallback(
    (text: string) => {
      setDraftState(text);
      if (member !== null) saveDraft(member, conversation.id, text);
    },
    [member, conversation.id],
  );
  // What the member can pay for now, once the sends on their way are paid: told before sending, not after.
  const termsNow = afterSends(
    terms,
    outgoing.filter((o) => o.state === 'pending'),
  );
  const textShort = !canAfford(termsNow, 'text');
  // Arriving from a profile's gift button (`?gift=1`): the picker is open, and the address forgets the ask.
  const [params, setParams] = useSearchParams();
  const [gifts, setGifts] = useState(() => params.get(GIFT_PARAM) === '1');
  useEffect(() => {
    if (params.has(GIFT_PARAM)) setParams({}, { replace: true });
  }, [params, setParams]);
  const [icebreakers, setIcebreakers] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);

  const serverMessages = useMemo<ChatMessage[]>(
    () => (messages.data?.pages ?? []).flatMap((p) => p.messages).reverse(),
    [messages.data],
  );
  // A kept message the server has after all (it arrived before a reload cut off its answer) leaves the outbox.
  useEffect(() => {
    const stored = new Set(serverMessages.map((m) => m.client_id));
    for (const o of outgoing) if (stored.has(o.client_id)) outbox.remove(conversation.id, o.client_id);
  }, [serverMessages, outgoing, conversation.id]);
  const items = useMemo<ListedMessage[]>(() => {
    const stored = new Set(serverMessages.map((m) => m.client_id));
    return [
      ...serverMessages.map((m) => ({
        key: m.client_id || `id-${m.id}`,
        created_at: m.created_at,
        mine: m.mine,
        message: m,
      })),
      ...outgoing
        .filter((o) => !stored.has(o.client_id))
        .map((o) => ({ key: o.client_id, created_at: o.created_at, mine: true as const, outgoing: o })),
    ];
  }, [serverMessages, outgoing]);
  const newestPartnerId = useMemo(
    () =>
      serverMessages.reduce<number | undefined>(
        (max, m) => (!m.mine && m.id > (max ?? 0) ? m.id : max),
        undefined,
      ),
    [serverMessages],
  );
  useReadReceipts(conversation.id, newestPartnerId, Boolean(messages.data));

  const lastPage = messages.data?.pages.at(-1);
  const { fetchNextPage, hasNextPage, isFetchingNextPage } = messages;
  const loadOlder = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [fetchNextPage, hasNextPage, isFetchingNextPage]);
  // No message yet: the icebreakers are offered.
  const empty = conversation.empty && items.length === 0;

  const fillIcebreaker = (text: string) => {
    setDraft(text);
    setIcebreakers(false);
    // After the modal gave the focus back.
    setTimeout(() => textarea.current?.focus(), 0);
  };

  let body: ReactNode;
  if (!messages.data && messages.isError)
    body = (
      <div className="text-center px-3 py-5 my-auto" role="alert" data-testid="messages-error">
        <p className="mb-3">{t('conversation.messages_error')}</p>
        <RetryButton
          variant="pill"
          onRetry={() => void messages.refetch()}
          busy={messages.isFetching}
          label={t('retry')}
        />
      </div>
    );
  else if (!messages.data)
    body = (
      <div className="d-flex justify-content-center py-5 my-auto flex-grow-1" data-testid="messages-loading">
        <span className="spinner-border text-primary" role="status">
          <span className="visually-hidden">{t('conversation.loading')}</span>
        </span>
      </div>
    );
  else
    body = (
      <MessageList
        conversation={conversation}
        items={items}
        hasOlder={Boolean(hasNextPage)}
        loadingOlder={isFetchingNextPage}
        olderError={messages.isFetchNextPageError}
        hiddenOlder={Boolean(lastPage?.hidden_older)}
        onLoadOlder={loadOlder}
        onRetry={sender.retry}
        onDiscard={sender.discard}
        before={
          partner.fictional && settings.fictional_warning ? (
            <li className="chat-notice mb-3" data-testid="chat-fictional-warning">
              <i className={`bi bi-${settings.fictional_icon} text-warning me-2`} aria-hidden="true" />
              {settings.fictional_warning}
            </li>
          ) : null
        }
        after={
          empty ? (
            <li className="chat-start text-center py-4" data-testid="chat-start">
              <ChatAvatar profile={partner} size="lg" />
              <h2 className="h5 fw-semibold mt-3">{t('conversation.start.title', { name: partner.name })}</h2>
              <p className="text-body-secondary mb-3">{t('conversation.start.text')}</p>
              <button
                type="button"
                className="btn btn-primary rounded-pill px-4"
                onClick={() => setIcebreakers(true)}
                data-testid="chat-start-icebreaker"
              >
                <i className="bi bi-lightbulb me-2" aria-hidden="true" />
                {t('conversation.start.icebreaker')}
              </button>
            </li>
          ) : null
        }
      />
    );

  // The notice above the composer already offers credits: no second prompt for them.
  const prompt = sender.prompt?.code === 'insufficient_credits' && textShort ? null : sender.prompt;
  if (conversation.ended)
    return (
      <Frame>
        <ConversationHeader conversation={conversation} />
        {body}
        <div className="chat-footer">
          <ConversationEnded conversation={conversation} />
        </div>
      </Frame>
    );
  return (
    <Frame>
      <ConversationHeader conversation={conversation} />
      {body}
      <div className="chat-footer">
        {prompt && (
          <div
            className="alert alert-warning d-flex flex-wrap align-items-center gap-2 mx-2 mx-sm-3 mt-2 mb-0 py-2"
            role="alert"
            data-testid={`chat-prompt-${prompt.code}`}
          >
            <i
              className={`bi ${prompt.code === 'insufficient_credits' ? 'bi-coin' : 'bi-gem'} fs-5`}
              aria-hidden="true"
            />
            <span className="flex-grow-1">{failureText(prompt)}</span>
            {prompt.code === 'insufficient_credits' ? (
              <Link
                to="/credits"
                className="btn btn-primary btn-sm rounded-pill"
                data-testid="chat-buy-credits"
              >
                {t('errors.buy_credits')}
              </Link>
            ) : (
              <Link
                to="/premium"
                className="btn btn-primary btn-sm rounded-pill"
                data-testid="chat-get-premium"
              >
                {t('errors.get_premium')}
              </Link>
            )}
            <button
              type="button"
              className="btn-close"
              onClick={sender.dismissPrompt}
              aria-label={t('close')}
            />
          </div>
        )}
        {conversation.held_until_confirmed && (
          <p className="chat-footer-notice small mx-2 mx-sm-3 mt-2 mb-0" data-testid="chat-held-notice">
            <i className="bi bi-envelope-exclamation me-2" aria-hidden="true" />
            {t('conversation.held')}
          </p>
        )}
        {!conversation.partner_can_reply && (
          <p className="chat-footer-notice small mx-2 mx-sm-3 mt-2 mb-0" data-testid="chat-cannot-reply">
            <i className="bi bi-hourglass-split me-2" aria-hidden="true" />
            {t('conversation.partner_cannot_reply', { name: partner.name })}
          </p>
        )}
        {textShort && (
          <CreditsShortfall
            what="message"
            cost={creditsFor(termsNow, 'text')}
            balance={termsNow.credits}
            className="mx-2 mx-sm-3 mt-2"
            testId="chat-shortfall"
          />
        )}
        <Composer
          conversation={conversation}
          draft={draft}
          onDraft={setDraft}
          onSend={sender.sendText}
          onGifts={() => setGifts(true)}
          onPhoto={sender.sendPhoto}
          onIcebreakers={empty ? () => setIcebreakers(true) : undefined}
          textarea={textarea}
        />
      </div>
      <GiftPicker
        show={gifts}
        partnerName={partner.name}
        cost={conversation.costs.gift}
        balance={termsNow.credits}
        onHide={() => setGifts(false)}
        onPick={(gift) => {
          setGifts(false);
          sender.sendGift(gift);
        }}
      />
      <IcebreakerModal
        show={icebreakers}
        partnerName={partner.name}
        onHide={() => setIcebreakers(false)}
        onPick={fillIcebreaker}
      />
    </Frame>
  );
}

function Unavailable() {
  const { t } = useTranslation('chat');
  return (
    <Frame>
      <div className="text-center px-3 py-5 my-auto" data-testid="conversation-not-found">
        <i className="bi bi-chat-square-dots fs-1 text-body-tertiary d-block mb-2" aria-hidden="true" />
        <h1 className="h5 fw-semibold">{t('conversation.not_found.title')}</h1>
        <p className="text-body-secondary mb-4">{t('conversation.not_found.text')}</p>
        <Link to="/chats" className="btn btn-primary rounded-pill px-4">
          {t('conversation.not_found.back')}
        </Link>
      </div>
    </Frame>
  );
}
