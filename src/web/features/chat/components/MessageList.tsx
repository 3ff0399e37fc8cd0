import { format, isToday, isYesterday } from 'date-fns';
import { Fragment, type ReactNode, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Conversation } from '../../../../shared/schemas/chat';
import { BusyButton } from '../../../components/ui/BusyButton';
import { dateLocale } from '../../../lib/date-locale';
import { currentLocale } from '../../../lib/i18n';
import { type ListedMessage, MessageBubble } from './MessageBubble';

/** How close to the bottom (px) still counts as "at the bottom": new messages then scroll into view. */
const STICK_PX = 80;

function dayKey(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : format(d, 'yyyy-MM-dd');
}

function DayLabel({ iso }: { iso: string }) {
  const { t } = useTranslation('chat');
  const d = new Date(iso);
  const text = isToday(d)
    ? t('conversation.today')
    : isYesterday(d)
      ? t('conversation.yesterday')
      : format(d, 'PPP', { locale: dateLocale(currentLocale()) });
  return (
    <li className="chat-day text-center my-2" aria-hidden="true">
      <span className="chat-day-label small text-body-secondary">{text}</span>
    </li>
  );
}

/**
 * The messages, oldest at the top. Opens at the bottom; stays at the bottom as messages arrive (unless the member
 * scrolled up to read); scrolling to the top loads older messages (an IntersectionObserver on a sentinel, and a
 * button for keyboards) while keeping what is on screen in place.
 */
export function MessageList({
  conversation,
  items,
  hasOlder,
  loadingOlder,
  olderError,
  hiddenOlder,
  onLoadOlder,
  onRetry,
  onDiscard,
  before,
  after,
}: {
  conversation: Conversation;
  items: ListedMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  olderError: boolean;
  hiddenOlder: boolean;
  onLoadOlder: () => void;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** shown above the first message (notices) */
  before?: ReactNode;
  /** shown below the last message (an empty conversation's invitation) */
  after?: ReactNode;
}) {
  const { t } = useTranslation('chat');
  const partner = conversation.profile;
  const scroller = useRef<HTMLDivElement>(null);
  const sentinel = useRef<HTMLLIElement>(null);
  const atBottom = useRef(true);
  const fromBottom = useRef(0);
  const shown = useRef<{ oldest: string | undefined; newest: string | undefined }>({
    oldest: undefined,
    newest: undefined,
  });
  const [photo, setPhoto] = useState<{ url: string; alt: string } | null>(null);

  const lastTop = useRef(0);
  /** Where the list is now (after the member scrolled, or after the list placed itself). */
  const remember = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    lastTop.current = el.scrollTop;
    fromBottom.current = el.scrollHeight - el.scrollTop;
    atBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < STICK_PX;
  }, []);
  const onScroll = () => {
    // A scroll event without a new position comes from a layout change (the footer grew): the resize observer
    // below decides about those.
    if (scroller.current?.scrollTop !== lastTop.current) remember();
  };

  const oldest = items[0]?.key;
  const newest = items.at(-1)?.key;
  const newestMine = items.at(-1)?.mine ?? false;
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const before = shown.current;
    if (before.newest === undefined || (newest !== before.newest && (atBottom.current || newestMine))) {
      // First paint, or a new message while at the bottom (or the member's own): show the newest.
      el.scrollTop = el.scrollHeight;
    } else if (oldest !== before.oldest && newest === before.newest) {
      // Older messages came in above: keep the messages on screen where they were.
      el.scrollTop = el.scrollHeight - fromBottom.current;
    }
    shown.current = { oldest, newest };
    remember();
  }, [oldest, newest, newestMine, remember]);

  // The footer grows (a notice, a longer text) or the content changes height at the bottom: stay at the bottom.
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) el.scrollTop = el.scrollHeight;
      remember();
    });
    observer.observe(el);
    if (list.current) observer.observe(list.current);
    return () => observer.disconnect();
  }, [remember]);

  // Loading older messages when the top is reached.
  useEffect(() => {
    const root = scroller.current;
    const target = sentinel.current;
    if (!root || !target || !hasOlder || loadingOlder || olderError) return;
    if (typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onLoadOlder();
      },
      { root, rootMargin: '200px 0px 0px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasOlder, loadingOlder, olderError, onLoadOlder]);

  // New messages of the partner are announced (not the ones shown on opening).
  const newestTheirs = [...items].reverse().find((i) => !i.mine)?.message;
  const announced = useRef<number | undefined>(undefined);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => {
    if (!newestTheirs) return;
    const first = announced.current === undefined;
    if (!first && newestTheirs.id <= announced.current!) return;
    announced.current = newestTheirs.id;
    if (first) return;
    const what =
      newestTheirs.kind === 'text'
        ? (newestTheirs.text ?? '')
        : newestTheirs.kind === 'photo'
          ? t('preview.photo')
          : t('preview.gift');
    setAnnouncement(t('conversation.new_message', { name: partner.name, text: what }));
  }, [newestTheirs, partner.name, t]);

  let lastDay = '';
  return (
    <div
      ref={scroller}
      className="chat-scroll flex-grow-1"
      onScroll={onScroll}
      data-testid="chat-scroll"
      role="region"
      aria-label={t('conversation.messages_label', { name: partner.name })}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it
      tabIndex={0}
    >
      <ol ref={list} className="list-unstyled chat-messages mb-0 px-2 px-sm-3 py-3">
        {hasOlder && (
          <li ref={sentinel} className="text-center py-2" data-testid="chat-older">
            {olderError ? (
              <span className="small text-danger d-inline-flex align-items-center gap-2">
                {t('conversation.older_error')}
                <button type="button" className="btn btn-link btn-sm p-0" onClick={onLoadOlder}>
                  {t('retry')}
                </button>
              </span>
            ) : (
              <BusyButton
                busy={loadingOlder}
                className="btn btn-sm btn-outline-secondary rounded-pill"
                onClick={onLoadOlder}
                data-testid="chat-older-button"
              >
                {loadingOlder ? t('conversation.older_loading') : t('conversation.older')}
              </BusyButton>
            )}
          </li>
        )}
        {!hasOlder && hiddenOlder && (
          <li className="chat-notice mb-3" data-testid="chat-hidden-older">
            <i className="bi bi-shield-lock me-2" aria-hidden="true" />
            {t('conversation.hidden_older')}{' '}
            <Link to="/premium" className="fw-semibold">
              {t('conversation.hidden_older_premium')}
            </Link>
          </li>
        )}
        {before}
        {items.map((item) => {
          const day = dayKey(item.created_at);
          const separator = day && day !== lastDay ? <DayLabel iso={item.created_at} /> : null;
          lastDay = day || lastDay;
          return (
            <Fragment key={item.key}>
              {separator}
              <MessageBubble
                item={item}
                partnerName={partner.name}
                onRetry={onRetry}
                onDiscard={onDiscard}
                onOpenPhoto={(url, alt) => setPhoto({ url, alt })}
              />
            </Fragment>
          );
        })}
        {after}
      </ol>
      <div className="visually-hidden" aria-live="polite" data-testid="chat-announcement">
        {announcement}
      </div>
      <Modal show={photo !== null} onHide={() => setPhoto(null)} centered size="lg" aria-label={photo?.alt}>
        <Modal.Header closeButton closeLabel={t('message.close_photo')} className="border-0" />
        <Modal.Body className="text-center pt-0">
          {photo && <img src={photo.url} alt={photo.alt} className="lightbox-image rounded-3" />}
        </Modal.Body>
      </Modal>
    </div>
  );
}
