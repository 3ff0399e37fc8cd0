import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { RULES } from '../../../shared/rules';
import type { Conversation } from '../../../shared/schemas/chat';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { useCurrentUser } from '../../features/auth/api/session';
import { openConversationCall } from '../../features/chat/api/chat';
import { GIFT_PARAM } from '../../features/chat/gift-link';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';
import { ApiError } from '../../lib/http';
import { NotFoundPage } from '../error/RouteError';
import { SignupPage } from '../signup/SignupPage';

/**
 * /members/:id/chat: a signed-in member's way into the conversation with a member (opened, or started, then shown
 * at /chats/:id); a visitor gets the member-linked signup (as /members/:id/signup).
 */
export function MemberChatPage() {
  const { id: raw } = useParams();
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : 0;
  const user = useCurrentUser();
  // Once the signup shows it stays, also when its first step signs the new member in.
  const [visitor, setVisitor] = useState(false);
  if (user === null && !visitor) setVisitor(true);
  if (!Number.isSafeInteger(id) || id <= 0) return <NotFoundPage />;
  if (visitor) return <SignupPage />;
  if (user === undefined) return <PageSpinner />;
  return <OpenConversation key={id} memberId={id} />;
}

function OpenConversation({ memberId }: { memberId: number }) {
  const [params] = useSearchParams();
  const gift = params.get(GIFT_PARAM) === '1';
  const { t } = useTranslation('chat');
  const settings = useSettings();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [error, setError] = useState<ApiError | null>(null);
  const [attempt, setAttempt] = useState(0);
  // One call per attempt, also when development's strict mode runs the effect twice.
  const call = useRef<{ attempt: number; promise: Promise<Conversation> } | null>(null);
  useHead({ title: t('open.title'), siteName: settings.name });

  useEffect(() => {
    if (call.current?.attempt !== attempt)
      call.current = { attempt, promise: openConversationCall(memberId) };
    let live = true;
    call.current.promise.then(
      (conversation) => {
        if (!live) return;
        client.setQueryData(['conversation', conversation.id], conversation);
        navigate(`/chats/${conversation.id}${gift ? `?${GIFT_PARAM}=1` : ''}`, { replace: true });
      },
      (err: unknown) => {
        if (live) setError(err instanceof ApiError ? err : new ApiError(0, 'network_error', String(err)));
      },
    );
    return () => {
      live = false;
    };
  }, [attempt, memberId, client, navigate, gift]);

  if (!error)
    return (
      <div className="d-flex flex-column align-items-center py-5" data-testid="member-chat-opening">
        <span className="spinner-border text-primary mb-3" role="status">
          <span className="visually-hidden">{t('open.loading')}</span>
        </span>
        <p className="text-body-secondary" aria-hidden="true">
          {t('open.loading')}
        </p>
      </div>
    );

  const notFound = error.status === 404 || error.code === 'member_not_found';
  const limit = error.code === 'conversation_limit_reached';
  const text = notFound
    ? t('open.not_found')
    : limit
      ? error.message || t('errors.conversation_limit', { max: RULES.freeMember.maxStartedConversations })
      : error.code === 'network_error' || !error.message
        ? t('errors.generic')
        : error.message;
  return (
    <div className="container-lg py-5" data-testid="member-chat-error">
      <div className="row justify-content-center">
        <div className="col-md-8 col-lg-6 text-center">
          <i
            className={`bi ${limit ? 'bi-gem' : notFound ? 'bi-person-x' : 'bi-chat-square-dots'} state-icon text-primary d-block mb-3`}
            aria-hidden="true"
          />
          <h1 className="h3 fw-semibold mb-3">{t('open.error_title')}</h1>
          <p className="text-body-secondary mb-4" role="alert">
            {text}
          </p>
          <div className="d-flex flex-wrap justify-content-center gap-2">
            {limit && (
              <Link
                to="/premium"
                className="btn btn-primary rounded-pill px-4"
                data-testid="member-chat-premium"
              >
                {t('errors.get_premium')}
              </Link>
            )}
            {!notFound && !limit && (
              <button
                type="button"
                className="btn btn-primary rounded-pill px-4"
                onClick={() => {
                  setError(null);
                  setAttempt((n) => n + 1);
                }}
                data-testid="member-chat-retry"
              >
                {t('retry')}
              </button>
            )}
            <Link
              to={notFound ? '/members' : `/members/${memberId}`}
              className="btn btn-outline-primary rounded-pill px-4"
              data-testid="member-chat-back"
            >
              {notFound ? t('open.back_search') : t('open.back_profile')}
            </Link>
          </div>
        </div>
      </div>
    </div>
  );
}
