import { useTranslation } from 'react-i18next';
import {
  PHOTO_NOTE_MAX,
  PHOTO_REJECT_REASONS,
  type PhotoRejectReason,
} from '../../../shared/schemas/admin-photos';

/** Approve, reject with a reason (keys 1-6) and an optional note the member reads; the shortcuts are listed. */
export function DecisionBar({
  reason,
  note,
  onReason,
  onNote,
  onApprove,
  onReject,
  needReason,
}: {
  reason: PhotoRejectReason | null;
  note: string;
  onReason: (r: PhotoRejectReason) => void;
  onNote: (n: string) => void;
  onApprove: () => void;
  onReject: () => void;
  needReason: boolean;
}) {
  const { t } = useTranslation('photos');
  return (
    <div className="mt-3">
      <div className="d-flex flex-wrap gap-2 mb-3">
        <button
          type="button"
          className="btn btn-success btn-lg flex-fill console-approve"
          onClick={onApprove}
          data-testid="photo-approve"
        >
          <i className="bi bi-check-lg me-1" aria-hidden="true" />
          {t('approve')} <kbd className="ms-1">A</kbd>
        </button>
        <button
          type="button"
          className="btn btn-danger btn-lg flex-fill"
          onClick={onReject}
          data-testid="photo-reject"
        >
          <i className="bi bi-x-lg me-1" aria-hidden="true" />
          {t('reject')} <kbd className="ms-1">R</kbd>
        </button>
      </div>
      <fieldset>
        <legend className="fs-6 fw-semibold mb-2">{t('reason_legend')}</legend>
        <div className="row row-cols-1 row-cols-sm-2 g-1" role="radiogroup">
          {PHOTO_REJECT_REASONS.map((r, i) => (
            <div className="col" key={r}>
              <input
                type="radio"
                className="btn-check"
                name="photo-reason"
                id={`photo-reason-${r}`}
                checked={reason === r}
                onChange={() => onReason(r)}
                data-testid={`photo-reason-${r}`}
              />
              <label className="btn btn-outline-dark w-100 text-start" htmlFor={`photo-reason-${r}`}>
                <kbd className="me-2">{i + 1}</kbd>
                {t(`reasons.${r}`)}
              </label>
            </div>
          ))}
        </div>
        {needReason && (
          <p className="text-danger small mt-2 mb-0" role="alert" data-testid="photo-reason-needed">
            {t('reason_needed')}
          </p>
        )}
      </fieldset>
      <label className="form-label mt-3 mb-1 small" htmlFor="photo-note">
        {t('note_label')}
      </label>
      <textarea
        id="photo-note"
        className="form-control"
        rows={2}
        maxLength={PHOTO_NOTE_MAX}
        value={note}
        onChange={(e) => onNote(e.target.value)}
        data-testid="photo-note"
      />
      <p className="small text-body-secondary mt-3 mb-0" data-testid="photo-shortcuts">
        {t('shortcuts')}
      </p>
    </div>
  );
}
