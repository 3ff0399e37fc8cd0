import { useQuery } from '@tanstack/react-query';
import { formatDistanceToNow } from 'date-fns';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BusyButton } from '../../components/ui/BusyButton';
import { useSettings } from '../../features/site/api/settings';
import { dateLocale } from '../../lib/date-locale';
import { useHead } from '../../lib/head';
import { ApiError, api, httpConfig } from '../../lib/http';
import { currentLocale } from '../../lib/i18n';
import { NotFoundPage } from '../error/RouteError';

export interface DevMail {
  id: number;
  /** an SMS (the direct-debit code) has no HTML: `to` is the number, `subject` and `text` the message */
  channel: 'mail' | 'sms';
  to: string;
  subject: string;
  html: string;
  text: string;
  status: string;
  created_at: string;
}

const fetchMailbox = () =>
  api<{ mails: DevMail[] }>('api/dev/mailbox.php', { retries: 0 }).then((r) =>
    [...r.mails].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id),
  );

/** The HTML of one mail as a document of its own (GET /api/dev/mail-html.php, development only). */
const mailHtmlUrl = (id: number) =>
  `${httpConfig.baseUrl.replace(/\/?$/, '/')}api/dev/mail-html.php?id=${id}`;

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/g;

/** Plain text with its http(s) URLs as links; punctuation that ends a sentence stays outside the link. */
function linkify(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(/[.,;:!?)\]'}]+$/, '');
    if (start > last) out.push(text.slice(last, start));
    out.push(
      <a key={start} href={url} data-testid="mail-link" className="text-break">
        {url}
      </a>,
    );
    last = start + url.length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** /dev/mailbox (development only): the mails of the outbox, to follow activation and reset links locally. */
export function DevMailboxPage() {
  const { t } = useTranslation('recovery');
  const settings = useSettings();
  useHead({ title: t('dev_mailbox.title'), siteName: settings.name });
  const mailbox = useQuery({ queryKey: ['dev-mailbox'], queryFn: fetchMailbox, staleTime: 0 });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // The mailbox API exists only outside production; there this page is simply not found.
  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) return <NotFoundPage />;
  const mails = mailbox.data ?? [];
  const selected = mails.find((m) => m.id === selectedId);
  const locale = dateLocale(currentLocale());

  return (
    <section className="container-lg py-4 py-md-5" data-testid="dev-mailbox-page">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <h1 className="h3 mb-1">{t('dev_mailbox.title')}</h1>
          <p className="text-body-secondary small mb-0">{t('dev_mailbox.intro')}</p>
        </div>
        <BusyButton
          type="button"
          className="btn btn-outline-primary rounded-pill"
          onClick={() => void mailbox.refetch()}
          busy={mailbox.isFetching}
          data-testid="dev-mailbox-refresh"
        >
          {!mailbox.isFetching && <i className="bi bi-arrow-clockwise me-2" aria-hidden="true" />}
          {t('dev_mailbox.refresh')}
        </BusyButton>
      </div>

      {mailbox.isError && (
        <div className="alert alert-danger py-2 small" role="alert" data-testid="dev-mailbox-error">
          <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
          {t('dev_mailbox.load_error')} {mailbox.error.message}
        </div>
      )}

      <div className="row g-4">
        <div className="col-lg-5">
          <h2 className="h6 text-body-secondary mb-2">
            {t('dev_mailbox.list')}
            {mailbox.data && (
              <span className="ms-2">({t('dev_mailbox.count', { count: mails.length })})</span>
            )}
          </h2>
          {mailbox.isPending ? (
            <div className="py-4 text-center" role="status">
              <div className="spinner-border text-primary" aria-hidden="true" />
              <span className="visually-hidden">{t('common:loading')}</span>
            </div>
          ) : mails.length === 0 ? (
            <p className="text-body-secondary" data-testid="dev-mailbox-empty">
              {t('dev_mailbox.empty')}
            </p>
          ) : (
            <ul className="list-group shadow-sm" data-testid="dev-mailbox-list">
              {mails.map((mail) => {
                const active = mail.id === selectedId;
                return (
                  <li key={mail.id} className="list-group-item p-0">
                    <button
                      type="button"
                      className={`list-group-item-action btn text-start w-100 border-0 rounded-0 px-3 py-2${active ? ' active' : ''}`}
                      aria-pressed={active}
                      onClick={() => setSelectedId(mail.id)}
                      data-testid="dev-mailbox-item"
                    >
                      <span className="d-flex justify-content-between gap-2 small">
                        <span className="text-truncate">
                          <span className="visually-hidden">{t('dev_mailbox.to')}: </span>
                          {mail.to}
                        </span>
                        <time
                          dateTime={mail.created_at}
                          title={new Date(mail.created_at).toLocaleString()}
                          className="text-nowrap"
                        >
                          {formatDistanceToNow(new Date(mail.created_at), { addSuffix: true, locale })}
                        </time>
                      </span>
                      <span className="d-block fw-semibold text-truncate">
                        {mail.channel === 'sms' && <i className="bi bi-phone me-1" aria-hidden="true" />}
                        {mail.subject || t('dev_mailbox.no_subject')}
                      </span>
                      {mail.status !== 'sent' && (
                        <span className="badge text-bg-secondary mt-1">
                          <span className="visually-hidden">{t('dev_mailbox.status')}: </span>
                          {mail.status}
                        </span>
                      )}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>

        <div className="col-lg-7">
          {selected ? (
            <article className="card border-0 shadow-sm" data-testid="dev-mailbox-mail">
              <div className="card-body">
                <h2 className="h5 mb-1 text-break">{selected.subject || t('dev_mailbox.no_subject')}</h2>
                <dl className="small text-body-secondary mb-3 d-flex flex-wrap column-gap-3 row-gap-0">
                  <div>
                    <dt className="d-inline">{t('dev_mailbox.to')}:</dt>{' '}
                    <dd className="d-inline text-break" data-testid="dev-mailbox-to">
                      {selected.to}
                    </dd>
                  </div>
                  <div>
                    <dt className="d-inline">{t('dev_mailbox.status')}:</dt>{' '}
                    <dd className="d-inline">{selected.status}</dd>
                  </div>
                </dl>
                {selected.channel !== 'sms' && (
                  <>
                    <h3 className="h6">{t('dev_mailbox.html')}</h3>
                    {/* The mail's HTML comes from its own route with a policy of its own: mails style their
                        elements inline, which a srcdoc frame (it inherits this page's policy) would refuse. */}
                    <iframe
                      key={selected.id}
                      sandbox=""
                      src={mailHtmlUrl(selected.id)}
                      title={t('dev_mailbox.html_frame', { subject: selected.subject })}
                      className="dev-mail-frame w-100 border rounded bg-white mb-3"
                      data-testid="dev-mailbox-html"
                    />
                  </>
                )}
                <h3 className="h6">{t('dev_mailbox.text')}</h3>
                <pre
                  className="bg-body-tertiary border rounded p-3 small mb-0 text-pre-wrap text-break"
                  data-testid="dev-mailbox-text"
                >
                  {selected.text ? linkify(selected.text) : t('dev_mailbox.no_text')}
                </pre>
              </div>
            </article>
          ) : (
            mails.length > 0 && <p className="text-body-secondary">{t('dev_mailbox.select')}</p>
          )}
        </div>
      </div>
    </section>
  );
}
