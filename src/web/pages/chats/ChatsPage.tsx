import { useTranslation } from 'react-i18next';
import { Link, useMatch, useOutlet } from 'react-router';
import { Logo } from '../../components/ui/Logo';
import { ChatList } from '../../features/chat/components/ChatList';
import { CreditsLink } from '../../features/chat/components/ChatParts';
import { useSettings } from '../../features/site/api/settings';
import { useHead } from '../../lib/head';

/**
 * /chats: the conversation list. On desktop (≥ 992 px) the list is a column beside the open conversation
 * (/chats/:id renders into this screen) or a "choose a chat" panel; on phones the list and a conversation each take
 * the whole screen.
 */
export function ChatsPage() {
  const { t } = useTranslation('chat');
  const settings = useSettings();
  const outlet = useOutlet();
  const match = useMatch('/chats/:id');
  const activeId =
    match?.params.id && /^\d{1,15}$/.test(match.params.id) ? Number(match.params.id) : undefined;
  const open = outlet !== null;
  const Title = open ? 'p' : 'h1';
  return (
    <div className={`chat-app ${open ? 'chat-app-open' : ''}`} data-testid="chats-page">
      {!open && <ChatsHead />}
      <header
        className={`chat-app-header align-items-center gap-2 gap-sm-3 px-3 py-2 ${open ? 'd-none d-lg-flex' : 'd-flex'}`}
      >
        <Logo name={settings.name} to="/members" />
        <Title className="h5 fw-semibold mb-0 text-truncate chat-app-title">{t('title')}</Title>
        <nav className="ms-auto d-flex align-items-center gap-1" aria-label={t('nav_label')}>
          <Link
            to="/members"
            className="btn btn-link text-body px-2"
            aria-label={t('nav.search')}
            title={t('nav.search')}
          >
            <i className="bi bi-search-heart" aria-hidden="true" />
          </Link>
          <Link
            to="/likes"
            className="btn btn-link text-body px-2"
            aria-label={t('nav.likes')}
            title={t('nav.likes')}
          >
            <i className="bi bi-heart" aria-hidden="true" />
          </Link>
          {/* With a conversation open its header shows the balance. */}
          {!open && <CreditsLink className="ms-1" />}
        </nav>
      </header>
      <div className="chat-app-body">
        <section
          className={`chat-list-column ${open ? 'd-none d-lg-block' : ''}`}
          aria-label={t('list_label')}
          data-testid="chats-column"
        >
          <ChatList activeId={activeId} />
        </section>
        <div className={`chat-main ${open ? '' : 'd-none d-lg-flex'}`}>{outlet ?? <ChooseChat />}</div>
      </div>
    </div>
  );
}

/** The list's page title (a conversation sets its own). */
function ChatsHead() {
  const { t } = useTranslation('chat');
  const settings = useSettings();
  useHead({ title: t('title'), siteName: settings.name });
  return null;
}

function ChooseChat() {
  const { t } = useTranslation('chat');
  return (
    <div className="conversation d-flex flex-column align-items-center justify-content-center text-center px-4">
      <span className="chat-empty-icon d-inline-flex mb-3" aria-hidden="true">
        <i className="bi bi-chat-dots" />
      </span>
      <p className="h5 fw-semibold">{t('choose.title')}</p>
      <p className="text-body-secondary mb-0">{t('choose.text')}</p>
    </div>
  );
}
