import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CANCEL_RULES } from '../../../shared/rules';
import type { CancelRequest, CancelResponse } from '../../../shared/schemas/cancellations';
import { FormAlert } from '../../components/form/FormAlert';
import { BusyButton } from '../../components/ui/BusyButton';
import { currentLocale } from '../../lib/i18n';
import { formatDay, formatMoment } from './cancel-api';

/** A new step starts at its heading: scrolled into view and focused (the form above may have been long). */
function useStepFocus() {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
    ref.current?.closest('section')?.scrollIntoView({ block: 'start' });
  }, []);
  return ref;
}

/** The confirmation page: what will be cancelled, and one "cancel now" button. */
export function CancelReview({
  draft,
  signedIn,
  busy,
  error,
  onConfirm,
  onChange,
}: {
  draft: CancelRequest;
  signedIn: boolean;
  busy: boolean;
  error: unknown;
  onConfirm: () => void;
  onChange: () => void;
}) {
  const { t } = useTranslation('cancel');
  const locale = currentLocale();
  const rows: [string, string][] = [
    [t('form.name'), draft.name],
    [t('form.email'), draft.email],
    [t('form.contract'), t(`contracts.${draft.contract}`)],
    [
      t('review.effective'),
      draft.effective === 'date' && draft.date
        ? t('review.from_date', { date: formatDay(draft.date, locale) })
        : t('form.next_possible'),
    ],
  ];
  if (draft.reason) rows.push([t('form.reason'), draft.reason]);
  const heading = useStepFocus();
  return (
    <div className="card border-0 shadow-sm card-body p-4" data-testid="cancel-review">
      <h2 className="h5 fw-bold" ref={heading} tabIndex={-1}>
        {t('review.title')}
      </h2>
      <dl className="row mb-3 cancel-summary">
        {rows.map(([label, value]) => (
          <div className="col-12 d-sm-flex py-2 border-bottom" key={label}>
            <dt className="col-sm-4 fw-semibold">{label}</dt>
            <dd className="col-sm-8 mb-0 text-break">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="small text-body-secondary">{signedIn ? t('review.signed_in') : t('review.by_email')}</p>
      <FormAlert error={error} />
      <div className="d-flex flex-wrap align-items-center gap-3">
        <BusyButton
          className="btn btn-danger btn-lg"
          busy={busy}
          onClick={onConfirm}
          data-testid="cancel-now"
        >
          {t('review.submit')}
        </BusyButton>
        <button type="button" className="btn btn-link link-body-emphasis px-0" onClick={onChange}>
          {t('review.change')}
        </button>
      </div>
    </div>
  );
}

/** After the button: cancelled at once (signed in), or the confirmation mail is on its way (the same for anyone). */
export function CancelDone({ answer, email }: { answer: CancelResponse; email: string }) {
  const { t } = useTranslation('cancel');
  const locale = currentLocale();
  const received = formatMoment(answer.received_at, locale);
  const heading = useStepFocus();
  if (answer.state === 'cancelled') {
    const effective =
      answer.effective_at && answer.effective_at !== answer.received_at
        ? t('done.from', { date: formatMoment(answer.effective_at, locale) })
        : t('done.at_once');
    return (
      <div className="alert alert-success" role="status" data-testid="cancel-done">
        <h2 className="h5 fw-bold" ref={heading} tabIndex={-1}>
          {t('done.cancelled_title')}
        </h2>
        <p className="mb-0">{t('done.cancelled_text', { received, effective })}</p>
      </div>
    );
  }
  return (
    <div className="alert alert-info" role="status" data-testid="cancel-sent">
      <h2 className="h5 fw-bold" ref={heading} tabIndex={-1}>
        {t('done.sent_title')}
      </h2>
      <p className="mb-0">{t('done.sent_text', { received, email, hours: CANCEL_RULES.linkHours })}</p>
    </div>
  );
}
