import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { Conversation } from '../../../shared/schemas/chat';
import { ChatAvatar, CreditsLink, FictionalMark } from '../../features/chat/components/ChatParts';
import { useIsTyping } from '../../features/live/typing';
import { ReportButton } from '../../features/reports/components/ReportButton';
import { UnmatchButton } from '../../features/safety/ChatSafety';
import { VerifiedBadge } from '../../features/verification/VerifiedBadge';

/**
 * The conversation's header: back to the list, the partner (name, age, city or typing, fictional and verified marks)
 * linking to the profile, the credits, unmatch and report.
 */
export function ConversationHeader({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation('chat');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const partner = conversation.profile;
  const typing = useIsTyping(conversation.id);
  return (
    <header className="conversation-header d-flex align-items-center gap-2 px-2 px-sm-3 py-2">
      <Link
        to="/chats"
        className="btn btn-link text-body px-1 d-lg-none"
        aria-label={t('conversation.back')}
        title={t('conversation.back')}
        data-testid="conversation-back"
      >
        <i className="bi bi-chevron-left fs-5" aria-hidden="true" />
      </Link>
      <Link
        to={`/members/${partner.id}`}
        className="d-flex align-items-center gap-2 min-w-0 text-decoration-none text-body"
        title={t('conversation.view_profile', { name: partner.name })}
      >
        <ChatAvatar profile={partner} />
        <span className="d-block min-w-0">
          <h1 className="h6 fw-semibold mb-0 text-truncate" data-testid="conversation-name">
            {partner.name}
            <span className="fw-normal">, {partner.age}</span>
          </h1>
          <span className="d-block small text-body-secondary text-truncate" aria-hidden={typing || undefined}>
            {typing ? (
              <span className="chat-typing" data-testid="chat-typing">
                {t('conversation.typing', { name: partner.name })}
              </span>
            ) : (
              partner.city
            )}
          </span>
        </span>
      </Link>
      <span className="visually-hidden" aria-live="polite">
        {typing ? t('conversation.typing', { name: partner.name }) : ''}
      </span>
      {partner.fictional && <FictionalMark />}
      {partner.verified && <VerifiedBadge className="flex-shrink-0" />}
      <CreditsLink className="ms-auto" />
      <UnmatchButton conversation={conversation} />
      <ReportButton
        member={partner}
        source="chat"
        onDone={(blocked) => {
          // Blocking removed the conversation: back to the list, which no longer has it.
          if (!blocked) return;
          void queryClient.invalidateQueries({ queryKey: ['chats'] });
          navigate('/chats', { replace: true });
        }}
      />
    </header>
  );
}
