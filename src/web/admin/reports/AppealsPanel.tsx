import { useMutation, useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import type { AdminAppeal } from '../../../shared/schemas/admin-reports';
import { groundKey } from '../../../shared/schemas/moderation';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { formatDateTime } from '../components/format';
import { appealsQuery, decideAppealCall } from './reports-api';

function AppealCard({ appeal: a, onDecided }: { appeal: AdminAppeal; onDecided(text: string): void }) {
  const { t, i18n } = useTranslation('reports');
  const id = useId();
  const [note, setNote] = useState('');
  const decide = useMutation({ mutationFn: decideAppealCall });
  const send = (outcome: 'upheld' | 'reversed') =>
    decide.mutate(
      { id: a.id, outcome, note: note.trim() },
      { onSuccess: () => onDecided(t(`appeal_done.${outcome}`)) },
    );
  const d = a.decision;
  return (
    <article className="card mb-3" data-testid={`appeal-${a.id}`} aria-labelledby={`${id}-h`}>
      <div className="card-header d-flex flex-wrap gap-2">
        <h2 id={`${id}-h`} className="h6 mb-0 me-auto">
          {t('appeal_of', { name: a.member?.name ?? '—', kind: t(`moderation:kind.${d.kind}`) })}
        </h2>
        <span className="small">{formatDateTime(a.created_at, i18n.language)}</span>
      </div>
      <div className="card-body">
        <dl className="row mb-2 small">
          <dt className="col-sm-3">{t('moderation:statement.ground')}</dt>
          <dd className="col-sm-9">{t(`moderation:${groundKey(d.ground.ref)}`)}</dd>
          <dt className="col-sm-3">{t('moderation:statement.facts')}</dt>
          <dd className="col-sm-9">{d.facts}</dd>
          <dt className="col-sm-3">{t('decided_by')}</dt>
          <dd className="col-sm-9">
            {d.decided_by ?? t('automated')} · {formatDateTime(d.created_at, i18n.language)}
          </dd>
        </dl>
        <h3 className="h6">{t('member_statement')}</h3>
        <blockquote className="report-statement">{a.statement}</blockquote>
        {a.can_decide ? (
          <>
            <Form.Group controlId={`${id}-note`} className="mb-2">
              <Form.Label>{t('note')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                value={note}
                maxLength={2000}
                onChange={(e) => setNote(e.target.value)}
              />
            </Form.Group>
            <ErrorAlert error={decide.error} ns="reports" />
            <div className="d-flex flex-wrap gap-2">
              <Button
                variant="success"
                data-testid="appeal-reverse"
                disabled={decide.isPending}
                onClick={() => send('reversed')}
              >
                {t('reverse')}
              </Button>
              <Button
                variant="outline-dark"
                data-testid="appeal-uphold"
                disabled={decide.isPending}
                onClick={() => send('upheld')}
              >
                {t('uphold')}
              </Button>
            </div>
          </>
        ) : (
          <p className="alert alert-info mb-0" data-testid="appeal-own-decision">
            {t('own_decision')}
          </p>
        )}
      </div>
    </article>
  );
}

/** Open appeals, oldest first; the staff member who took a decision sees its appeal but cannot decide it. */
export function AppealsPanel() {
  const { t } = useTranslation('reports');
  const appeals = useQuery(appealsQuery);
  const [done, setDone] = useState('');
  if (appeals.isPending) return <ConsoleSpinner />;
  if (appeals.isError) return <ErrorAlert error={appeals.error} ns="reports" />;
  return (
    <div>
      {done && (
        <div className="alert alert-success py-2" role="status">
          {done}
        </div>
      )}
      {appeals.data.appeals.length === 0 ? (
        <p data-testid="appeals-empty">{t('no_appeals')}</p>
      ) : (
        appeals.data.appeals.map((a) => (
          <AppealCard
            key={a.id}
            appeal={a}
            onDecided={(text) => {
              setDone(text);
              void appeals.refetch();
            }}
          />
        ))
      )}
    </div>
  );
}
