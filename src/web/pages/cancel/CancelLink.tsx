import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Cancellation } from '../../../shared/schemas/cancellations';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { currentLocale } from '../../lib/i18n';
import { cancellationQuery, confirmCancellationCall, formatDay, formatMoment } from './cancel-api';

/**
 * The page of the mailed link: what was declared and when, and one "cancel now" button that confirms it (a GET never
 * confirms, so a mail scanner opening the link changes nothing). A confirmed cancellation shows what it stopped.
 */
export function CancelLink({ token }: { token: string }) {
  const { t } = useTranslation('cancel');
  const shown = useQuery(cancellationQuery(token));
  const confirm = useMutation({ mutationFn: () => confirmCancellationCall(token) });
  const row = confirm.data ?? shown.data;

  if (shown.isPending) return <div className="spinner-border text-primary" role="status" aria-label="…" />;
  if (!row)
    return (
      <>
        <FormAlert error={shown.error} />
        <Link to="/cancel" className="btn btn-outline-dark">
          {t('link.again')}
        </Link>
      </>
    );
  if (row.status === 'confirmed') return <Confirmed row={row} />;
  return (
    <div className="card border-0 shadow-sm card-body p-4" data-testid="cancel-link">
      <p>{t('link.intro', { received: formatMoment(row.received_at, currentLocale()) })}</p>
      <Summary row={row} />
      <FormAlert error={confirm.error} />
      <div>
        <BusyButton
          className="btn btn-danger btn-lg"
          busy={confirm.isPending}
          onClick={() => confirm.mutate()}
          data-testid="cancel-now"
        >
          {t('review.submit')}
        </BusyButton>
      </div>
    </div>
  );
}

function Summary({ row }: { row: Cancellation }) {
  const { t } = useTranslation('cancel');
  const locale = currentLocale();
  return (
    <dl className="row mb-3 cancel-summary">
      <div className="col-12 d-sm-flex py-2 border-bottom">
        <dt className="col-sm-4 fw-semibold">{t('form.contract')}</dt>
        <dd className="col-sm-8 mb-0">{t(`contracts.${row.contract}`)}</dd>
      </div>
      <div className="col-12 d-sm-flex py-2 border-bottom">
        <dt className="col-sm-4 fw-semibold">{t('review.effective')}</dt>
        <dd className="col-sm-8 mb-0">
          {row.requested_date
            ? t('review.from_date', { date: formatDay(row.requested_date, locale) })
            : t('form.next_possible')}
        </dd>
      </div>
    </dl>
  );
}

function Confirmed({ row }: { row: Cancellation }) {
  const { t } = useTranslation('cancel');
  const locale = currentLocale();
  const stopped = row.mandates_stopped
    ? t('link.stopped', { count: row.mandates_stopped })
    : t('link.stopped_none');
  return (
    <div className="alert alert-success" role="status" data-testid="cancel-confirmed">
      <h2 className="h5 fw-bold">{t('done.cancelled_title')}</h2>
      <p>
        {t('done.cancelled_text', {
          received: formatMoment(row.received_at, locale),
          effective:
            row.effective_at && row.effective_at !== row.received_at
              ? t('done.from', { date: formatMoment(row.effective_at, locale) })
              : t('done.at_once'),
        })}
      </p>
      <p className="mb-0">{stopped}</p>
    </div>
  );
}
