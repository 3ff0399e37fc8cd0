import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AdminReport } from '../../../shared/schemas/admin-reports';
import { formatDateTime } from '../components/format';
import { ActionForm } from './ActionForm';
import { MemberStatusBadge } from './MemberStatusBadge';

type History = NonNullable<AdminReport['reported']>['history'];

function HistoryLine({ history }: { history: History | null }) {
  const { t } = useTranslation('reports');
  if (!history) return null;
  return (
    <div className="small text-body-secondary">
      {t('history', { received: history.reports_received, made: history.reports_made })}
      {history.decisions.length > 0 && (
        <ul className="mb-0 ps-3">
          {history.decisions.slice(0, 5).map((d) => (
            <li key={d.id}>
              {t(`moderation:kind.${d.kind}`)} · {formatDateTime(d.created_at, 'en')}
              {d.reversed ? ` · ${t('reversed')}` : ''}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One notice: what, who, the evidence, both members' history, and the action form. */
export function ReportCard({ report: r, onHandled }: { report: AdminReport; onHandled(text: string): void }) {
  const { t, i18n } = useTranslation('reports');
  const when = formatDateTime(r.created_at, i18n.language);
  return (
    <article
      className="card mb-3 report-card"
      data-testid={`report-${r.id}`}
      aria-labelledby={`report-${r.id}-h`}
    >
      <div className="card-header d-flex flex-wrap gap-2 align-items-center">
        <h2 id={`report-${r.id}-h`} className="h6 mb-0 me-auto">
          {t('notice', { id: r.id })} · {t(`reason.${r.reason}`)}
        </h2>
        <span className="badge text-bg-secondary">{t(`source.${r.source}`)}</span>
        <span className="small">{when}</span>
      </div>
      <div className="card-body">
        <div className="row g-3">
          <div className="col-12 col-md-6">
            <h3 className="h6">{t('reporter')}</h3>
            <p className="mb-1">
              {r.reporter.id !== null ? (
                <Link to={`/admin/members/${r.reporter.id}`}>{r.reporter.name}</Link>
              ) : (
                r.reporter.name
              )}
              {r.reporter.email && <span className="text-body-secondary"> · {r.reporter.email}</span>}
            </p>
            <HistoryLine history={r.reporter.history} />
            {r.comment && <blockquote className="report-statement mt-2 mb-0">{r.comment}</blockquote>}
            {r.url && <p className="small mt-2 mb-0 text-break">{t('url', { url: r.url })}</p>}
            {r.source === 'complaint' && (
              <p className="small mb-0">{r.good_faith ? t('good_faith') : t('no_good_faith')}</p>
            )}
          </div>
          <div className="col-12 col-md-6">
            <h3 className="h6">{t('reported')}</h3>
            {r.reported ? (
              <>
                <p className="mb-1">
                  <Link to={`/admin/members/${r.reported.id}`}>{r.reported.name || `#${r.reported.id}`}</Link>{' '}
                  <MemberStatusBadge status={r.reported.status} />{' '}
                  {r.reported.restricted && (
                    <span className="badge text-bg-danger">
                      {t(`moderation:kind.${r.reported.restricted}`)}
                    </span>
                  )}
                </p>
                <HistoryLine history={r.reported.history} />
              </>
            ) : (
              <p className="text-body-secondary">{t('no_member')}</p>
            )}
          </div>
        </div>
        {r.evidence.about && (
          <>
            <h3 className="h6 mt-3">{t('profile_text')}</h3>
            <p className="report-about">{r.evidence.about}</p>
          </>
        )}
        {r.evidence.photos.length > 0 && (
          <>
            <h3 className="h6 mt-3">{t('photos')}</h3>
            <div className="d-flex flex-wrap gap-2">
              {r.evidence.photos.map((p) => (
                <figure key={p.id} className={`report-photo mb-0${p.reported ? ' is-reported' : ''}`}>
                  <img
                    src={p.image}
                    alt={t('photo_alt', { id: p.id })}
                    loading="lazy"
                    width={96}
                    height={96}
                  />
                  <figcaption className="small">
                    #{p.id} {p.main ? `· ${t('main')}` : ''} {p.reported ? `· ${t('reported_item')}` : ''}
                  </figcaption>
                </figure>
              ))}
            </div>
          </>
        )}
        {r.evidence.messages.length > 0 && (
          <>
            <h3 className="h6 mt-3">{t('messages', { count: r.evidence.messages.length })}</h3>
            <ol className="report-messages list-unstyled">
              {r.evidence.messages.map((m) => (
                <li
                  key={m.id}
                  className={`${m.from_reported ? 'from-reported' : 'from-reporter'}${m.reported ? ' is-reported' : ''}`}
                >
                  <span className="small text-body-secondary">
                    {m.from_reported ? t('from_reported') : t('from_other')} ·{' '}
                    {formatDateTime(m.created_at, i18n.language)}
                    {m.reported ? ` · ${t('reported_item')}` : ''}
                  </span>
                  <div>{m.kind === 'text' ? m.body : `[${m.kind}]`}</div>
                </li>
              ))}
            </ol>
          </>
        )}
      </div>
      <div className="card-footer">
        <ActionForm report={r} onHandled={onHandled} />
      </div>
    </article>
  );
}
