import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_REASONS, type ReportReason } from '../../../../shared/schemas/reports';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { refreshAfterVisibilityChange } from '../../members/visibility-change';
import { SAFETY_PAGE_PATH } from '../../safety/api';
import { reportCall } from '../api/reports';

export interface ReportModalProps {
  show: boolean;
  onHide: () => void;
  member: { id: number; name: string };
  source: 'chat' | 'profile' | 'photo';
  /** the reported photo of `member` (source 'photo'), as the photo viewer shows it */
  photo?: { id: number; url: string };
  /** after a successful report; `blocked` when the member was blocked too */
  onDone: (blocked: boolean) => void;
}

const COMMENT_MAX = 1_000;

/**
 * Report a member for moderation (from the chat, the profile or one of the profile's photos): a reason, an optional
 * comment, and "also block" (on by default for the reasons where contact should end at once). What was typed stays
 * when sending fails. A reported photo is shown small at the top, so the member sees which one they report.
 */
export function ReportModal({ show, onHide, member, source, photo, onDone }: ReportModalProps) {
  const { t } = useTranslation(['reports', 'safety']);
  const id = useId();
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [comment, setComment] = useState('');
  const [block, setBlock] = useState(true);
  const [done, setDone] = useState<boolean | null>(null);
  const queryClient = useQueryClient();
  const report = useMutation({
    mutationFn: () =>
      reportCall({
        member: member.id,
        reason: reason!,
        comment,
        source,
        block,
        ...(photo ? { photo: photo.id } : {}),
      }),
    onSuccess: (res) => {
      setDone(res.blocked);
      if (res.blocked) refreshAfterVisibilityChange(queryClient);
    },
  });
  const close = () => {
    if (report.isPending) return;
    if (done !== null) {
      onDone(done);
      setDone(null);
      setReason(null);
      setComment('');
      report.reset();
    }
    onHide();
  };

  return (
    <Modal show={show} onHide={close} centered data-testid="report-modal">
      <Modal.Header closeButton closeLabel={t('cancel')}>
        <Modal.Title as="h2" className="h5">
          {photo ? t('photo_title', { name: member.name }) : t('title', { name: member.name })}
        </Modal.Title>
      </Modal.Header>
      {done !== null ? (
        <>
          <Modal.Body>
            <p className="mb-0" role="status" data-testid="report-done">
              <i className="bi bi-check-circle-fill text-success me-2" aria-hidden="true" />
              {done ? t('done_blocked', { name: member.name }) : t('done')}
            </p>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-primary rounded-pill px-4" onClick={close}>
              {t('close')}
            </button>
          </Modal.Footer>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (reason) report.mutate();
          }}
        >
          <Modal.Body>
            {photo && (
              <img
                src={photo.url}
                alt={t('photo_alt', { name: member.name })}
                className="d-block rounded mb-3 object-fit-cover"
                width={96}
                height={96}
                data-testid="report-photo"
              />
            )}
            <fieldset>
              <legend className="fs-6 fw-semibold">{t('reason_label')}</legend>
              {REPORT_REASONS.map((r) => (
                <div className="form-check" key={r}>
                  <input
                    className="form-check-input"
                    type="radio"
                    name={`${id}-reason`}
                    id={`${id}-${r}`}
                    checked={reason === r}
                    onChange={() => setReason(r)}
                    data-testid={`report-reason-${r}`}
                  />
                  <label className="form-check-label" htmlFor={`${id}-${r}`}>
                    {t(`reason.${r}`)}
                  </label>
                </div>
              ))}
            </fieldset>
            <label className="form-label mt-3" htmlFor={`${id}-comment`}>
              {t('comment_label')}
            </label>
            <textarea
              id={`${id}-comment`}
              className="form-control"
              rows={3}
              maxLength={COMMENT_MAX}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
              data-testid="report-comment"
            />
            <div className="form-check mt-3">
              <input
                className="form-check-input"
                type="checkbox"
                id={`${id}-block`}
                checked={block}
                onChange={(e) => setBlock(e.target.checked)}
                data-testid="report-block"
              />
              <label className="form-check-label" htmlFor={`${id}-block`}>
                {t('also_block', { name: member.name })}
              </label>
            </div>
            <p className="small text-body-secondary mt-3 mb-0">{t('privacy', { name: member.name })}</p>
            {source === 'chat' && (
              <p className="small mt-2 mb-0">
                <i className="bi bi-shield-check me-1" aria-hidden="true" />
                <Link to={SAFETY_PAGE_PATH} onClick={onHide} data-testid="report-safety-tips">
                  {t('safety:chat.report_tips')}
                </Link>
              </p>
            )}
            <div className="mt-3">
              <FormAlert error={report.error} />
            </div>
          </Modal.Body>
          <Modal.Footer>
            <button type="button" className="btn btn-link text-body-secondary" onClick={close}>
              {t('cancel')}
            </button>
            <BusyButton
              type="submit"
              className="btn btn-danger rounded-pill px-4"
              busy={report.isPending}
              disabled={!reason}
              data-testid="report-submit"
            >
              {t('submit')}
            </BusyButton>
          </Modal.Footer>
        </form>
      )}
    </Modal>
  );
}
