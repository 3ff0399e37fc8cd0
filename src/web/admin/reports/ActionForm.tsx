import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { type AdminReport, REPORT_ACTIONS, type ReportAction } from '../../../shared/schemas/admin-reports';
import { GROUND_REFS, type GroundRef, groundKey } from '../../../shared/schemas/moderation';
import { ErrorAlert } from '../components/ErrorAlert';
import { actOnReport } from './reports-api';

/**
 * The action on a notice: dismiss, or a decision with its ground and the facts the member will read (the statement
 * of reasons), and the days of a suspension, the photo to hide or the message to remove.
 */
export function ActionForm({ report: r, onHandled }: { report: AdminReport; onHandled(text: string): void }) {
  const { t } = useTranslation('reports');
  const id = useId();
  const [action, setAction] = useState<ReportAction>('dismiss');
  const [ground, setGround] = useState<GroundRef | ''>('');
  const [facts, setFacts] = useState('');
  const [days, setDays] = useState(7);
  const [photo, setPhoto] = useState<number | undefined>(r.photo_id ?? r.evidence.photos[0]?.id);
  const [message, setMessage] = useState<number | undefined>(
    r.message_id ?? r.evidence.messages.filter((m) => m.from_reported).at(-1)?.id,
  );
  const [missing, setMissing] = useState(false);
  const act = useMutation({ mutationFn: actOnReport });
  const decision = action !== 'dismiss';
  const available = REPORT_ACTIONS.filter(
    (a) =>
      (a === 'dismiss' || r.reported !== null) &&
      (a !== 'hide_photo' || r.evidence.photos.length > 0) &&
      (a !== 'remove_message' || r.evidence.messages.some((m) => m.from_reported)),
  );

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (decision && (!ground || facts.trim().length < 5)) return setMissing(true);
    setMissing(false);
    act.mutate(
      {
        id: r.id,
        action,
        facts: facts.trim(),
        ...(decision && ground ? { ground } : {}),
        ...(action === 'suspend' ? { days } : {}),
        ...(action === 'hide_photo' && photo ? { photo } : {}),
        ...(action === 'remove_message' && message ? { message } : {}),
      },
      { onSuccess: () => onHandled(t(`done.${action}`, { id: r.id })) },
    );
  };

  return (
    <Form onSubmit={submit} noValidate data-testid={`report-action-${r.id}`}>
      <div className="row g-2 align-items-end">
        <Form.Group className="col-12 col-md-4" controlId={`${id}-action`}>
          <Form.Label>{t('action')}</Form.Label>
          <Form.Select
            value={action}
            data-testid="report-action-select"
            onChange={(e) => setAction(e.target.value as ReportAction)}
          >
            {available.map((a) => (
              <option key={a} value={a}>
                {t(`actions.${a}`)}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {decision && (
          <Form.Group className="col-12 col-md-8" controlId={`${id}-ground`}>
            <Form.Label>{t('ground')}</Form.Label>
            <Form.Select
              value={ground}
              data-testid="report-ground"
              isInvalid={missing && !ground}
              onChange={(e) => setGround(e.target.value as GroundRef)}
            >
              <option value="">{t('choose_ground')}</option>
              {GROUND_REFS.map((g) => (
                <option key={g} value={g}>
                  {t(`moderation:${groundKey(g)}`)}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {action === 'suspend' && (
          <Form.Group className="col-6 col-md-3" controlId={`${id}-days`}>
            <Form.Label>{t('days')}</Form.Label>
            <Form.Control
              type="number"
              min={1}
              max={365}
              value={days}
              data-testid="report-days"
              onChange={(e) => setDays(Math.min(365, Math.max(1, Number(e.target.value) || 1)))}
            />
          </Form.Group>
        )}
        {action === 'hide_photo' && (
          <Form.Group className="col-6 col-md-3" controlId={`${id}-photo`}>
            <Form.Label>{t('photo')}</Form.Label>
            <Form.Select value={photo} onChange={(e) => setPhoto(Number(e.target.value))}>
              {r.evidence.photos.map((p) => (
                <option key={p.id} value={p.id}>
                  #{p.id}
                </option>
              ))}
            </Form.Select>
          </Form.Group>
        )}
        {action === 'remove_message' && (
          <Form.Group className="col-12 col-md-6" controlId={`${id}-message`}>
            <Form.Label>{t('message')}</Form.Label>
            <Form.Select value={message} onChange={(e) => setMessage(Number(e.target.value))}>
              {r.evidence.messages
                .filter((m) => m.from_reported)
                .map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.body.slice(0, 60)}
                  </option>
                ))}
            </Form.Select>
          </Form.Group>
        )}
        {decision && (
          <Form.Group className="col-12" controlId={`${id}-facts`}>
            <Form.Label>{t('facts')}</Form.Label>
            <Form.Control
              as="textarea"
              rows={2}
              maxLength={2000}
              value={facts}
              data-testid="report-facts"
              isInvalid={missing && facts.trim().length < 5}
              onChange={(e) => setFacts(e.target.value)}
            />
            <Form.Text>{t('facts_hint')}</Form.Text>
          </Form.Group>
        )}
      </div>
      {missing && (
        <p className="text-danger small mt-2 mb-0" role="alert">
          {t('missing')}
        </p>
      )}
      <ErrorAlert error={act.error} ns="reports" />
      <Button
        type="submit"
        data-testid="report-action-submit"
        className="mt-2"
        variant={decision ? 'danger' : 'secondary'}
        disabled={act.isPending}
      >
        {t(`submit.${action}`)}
      </Button>
    </Form>
  );
}
