import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { format } from 'date-fns';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { groundKey, type Statement } from '../../../shared/schemas/moderation';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { PageSpinner } from '../../components/ui/PageSpinner';
import { dateLocale } from '../../lib/date-locale';
import { currentLocale } from '../../lib/i18n';
import { appealCall, restrictionQuery } from './moderation-api';

const when = (iso: string, withTime = false) =>
  format(new Date(iso), withTime ? 'PPp' : 'PP', { locale: dateLocale(currentLocale()) });

function AppealForm({ token, decision }: { token: string; decision: Statement }) {
  const { t } = useTranslation('complaints');
  const id = useId();
  const client = useQueryClient();
  const [statement, setStatement] = useState('');
  const [tooShort, setTooShort] = useState(false);
  const appeal = useMutation({
    mutationFn: () => appealCall({ t: token, decision: decision.id, statement: statement.trim() }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['restriction', token] }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (statement.trim().length < 10) return setTooShort(true);
    setTooShort(false);
    appeal.mutate();
  };
  return (
    <form onSubmit={submit} noValidate className="mt-3" data-testid={`appeal-form-${decision.id}`}>
      <h3 className="h6">{t('ban.appeal_title')}</h3>
      <FormAlert error={appeal.error} />
      <label htmlFor={`${id}-statement`} className="form-label">
        {t('ban.appeal_label')}
      </label>
      <textarea
        id={`${id}-statement`}
        className={`form-control${tooShort ? ' is-invalid' : ''}`}
        rows={4}
        maxLength={5000}
        value={statement}
        aria-describedby={`${id}-hint`}
        aria-invalid={tooShort}
        data-testid="appeal-statement"
        onChange={(e) => setStatement(e.target.value)}
      />
      {tooShort && <div className="invalid-feedback d-block">{t('ban.appeal_too_short')}</div>}
      <div id={`${id}-hint`} className="form-text">
        {t('ban.appeal_hint', { date: when(decision.appeal_deadline) })}
      </div>
      <BusyButton
        type="submit"
        className="btn btn-primary mt-2"
        busy={appeal.isPending}
        data-testid="appeal-submit"
      >
        {t('ban.appeal_submit')}
      </BusyButton>
    </form>
  );
}

function DecisionCard({ token, d }: { token: string; d: Statement }) {
  const { t } = useTranslation(['complaints', 'moderation']);
  return (
    <article className="card border-0 shadow-sm mb-3" data-testid={`decision-${d.id}`}>
      <div className="card-body">
        <h2 className="h5">{t(`moderation:kind.${d.kind}`)}</h2>
        <dl className="row mb-0">
          <dt className="col-sm-4">{t('moderation:statement.date_taken')}</dt>
          <dd className="col-sm-8">{when(d.created_at)}</dd>
          <dt className="col-sm-4">{t('moderation:statement.facts')}</dt>
          <dd className="col-sm-8 text-break" data-testid="decision-facts">
            {d.facts}
          </dd>
          <dt className="col-sm-4">{t('moderation:statement.ground')}</dt>
          <dd className="col-sm-8">{t(`moderation:${groundKey(d.ground.ref)}`)}</dd>
          <dt className="col-sm-4">{t('moderation:statement.automated')}</dt>
          <dd className="col-sm-8">
            {t(d.automated ? 'moderation:statement.automated_yes' : 'moderation:statement.automated_no')}
          </dd>
          {(d.kind === 'suspension' || d.kind === 'visibility_reduced') && (
            <>
              <dt className="col-sm-4">{t('moderation:statement.until')}</dt>
              <dd className="col-sm-8">
                {d.until ? when(d.until, true) : t('moderation:statement.until_never')}
              </dd>
            </>
          )}
          <dt className="col-sm-4">{t('moderation:statement.appeal_by')}</dt>
          <dd className="col-sm-8">{when(d.appeal_deadline)}</dd>
        </dl>
        {d.reversed && <p className="alert alert-success mt-3 mb-0">{t('ban.reversed')}</p>}
        {d.appeal && !d.reversed && (
          <p className="alert alert-info mt-3 mb-0" role="status" data-testid="appeal-status">
            {t(`ban.appeal_status.${d.appeal.status}`, { date: when(d.appeal.created_at) })}
          </p>
        )}
        {d.can_appeal && <AppealForm token={token} decision={d} />}
      </div>
    </article>
  );
}

/**
 * The statement of reasons on the ban page (/pages/ban?t=…, from the login refusal or the decision's e-mail): the
 * restriction in force, each decision with its facts, ground, automated or not, until when, and the appeal form.
 */
export function BanStatement({ token }: { token: string }) {
  const { t } = useTranslation('complaints');
  const q = useQuery(restrictionQuery(token));
  if (q.isPending) return <PageSpinner />;
  if (q.isError)
    return (
      <p className="alert alert-warning" role="alert">
        {t('ban.link_invalid')}
      </p>
    );
  const { restricted, until, decisions } = q.data;
  return (
    <section className="mb-5" data-testid="ban-statement" aria-labelledby="ban-statement-title">
      <h1 id="ban-statement-title" className="h3 fw-bold">
        {restricted === 'ban'
          ? t('ban.title_ban')
          : restricted === 'suspension'
            ? t('ban.title_suspension', { date: until ? when(until, true) : '' })
            : t('ban.title_none')}
      </h1>
      <p className="text-body-secondary">{t('ban.intro')}</p>
      {decisions.map((d) => (
        <DecisionCard key={d.id} token={token} d={d} />
      ))}
    </section>
  );
}
