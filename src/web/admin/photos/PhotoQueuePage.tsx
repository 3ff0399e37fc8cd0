import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminPhoto, AdminPhotoDecision, PhotoRejectReason } from '../../../shared/schemas/admin-photos';
import { PHOTO_REJECT_REASONS } from '../../../shared/schemas/admin-photos';
import { AdminApiError } from '../admin-api';
import { ConsolePage } from '../components/ConsolePage';
import { ConsoleSpinner } from '../components/ConsoleSpinner';
import { ErrorAlert } from '../components/ErrorAlert';
import { DecisionBar } from './DecisionBar';
import { PhotoReview } from './PhotoReview';
import { decidePhotoCall, photoQueueQuery } from './photos-api';
import './photos.scss';

/** Typing in the note (or any field) is not a shortcut. */
const typing = (e: KeyboardEvent) =>
  e.target instanceof HTMLElement && e.target.closest('textarea, input[type="text"], select') !== null;

/**
 * The photo queue, oldest first: one photo large with its member, approve or reject with a reason, by mouse or
 * keyboard (A, R, 1-6, J/K). A decision moves on at once (optimistically) and says what was done; a decision the
 * server refuses (another moderator was first, 409) is shown and the queue is read again.
 */
export function PhotoQueuePage() {
  const { t } = useTranslation('photos');
  const client = useQueryClient();
  const query = photoQueueQuery(undefined);
  const queue = useQuery(query);
  const [done, setDone] = useState<Set<number>>(new Set());
  const [index, setIndex] = useState(0);
  const [reason, setReason] = useState<PhotoRejectReason | null>(null);
  const [note, setNote] = useState('');
  const [needReason, setNeedReason] = useState(false);
  const [confirmation, setConfirmation] = useState('');

  const open = (queue.data?.photos ?? []).filter((p) => !done.has(p.id));
  const current: AdminPhoto | undefined = open[Math.min(index, Math.max(0, open.length - 1))];

  const decide = useMutation({
    mutationFn: decidePhotoCall,
    onError: () => {
      void client.invalidateQueries({ queryKey: query.queryKey });
    },
  });

  const act = useCallback(
    (body: AdminPhotoDecision, photo: AdminPhoto) => {
      decide.reset();
      setDone((d) => new Set(d).add(photo.id));
      setReason(null);
      setNote('');
      setNeedReason(false);
      setConfirmation(
        body.action === 'approve'
          ? t('approved', { name: photo.member.name })
          : t('rejected', { name: photo.member.name, reason: t(`reasons.${body.reason}`) }),
      );
      decide.mutate(body, {
        // Not decided (a network or server failure): the photo comes back into the queue. A 409 / 404 stays out.
        onError: (err) => {
          if (err instanceof AdminApiError && (err.status === 409 || err.status === 404)) return;
          setDone((d) => {
            const next = new Set(d);
            next.delete(photo.id);
            return next;
          });
        },
        onSettled: () => {
          if (open.length <= 1) void client.invalidateQueries({ queryKey: query.queryKey });
        },
      });
    },
    [decide, t, client, query.queryKey, open.length],
  );

  const approve = useCallback(() => {
    if (current) act({ id: current.id, action: 'approve' }, current);
  }, [current, act]);
  const reject = useCallback(() => {
    if (!current) return;
    if (!reason) return setNeedReason(true);
    act({ id: current.id, action: 'reject', reason, ...(note.trim() ? { note: note.trim() } : {}) }, current);
  }, [current, reason, note, act]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.altKey || typing(e)) return;
      const key = e.key.toLowerCase();
      const n = Number(key);
      if (key === 'a') approve();
      else if (key === 'r') reject();
      else if (key === 'j') setIndex((i) => Math.min(i + 1, Math.max(0, open.length - 1)));
      else if (key === 'k') setIndex((i) => Math.max(0, i - 1));
      else if (n >= 1 && n <= PHOTO_REJECT_REASONS.length) {
        setReason(PHOTO_REJECT_REASONS[n - 1] ?? null);
        setNeedReason(false);
      } else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [approve, reject, open.length]);

  const total = queue.data ? Math.max(0, queue.data.total - done.size) : 0;
  return (
    <ConsolePage
      title={t('title')}
      actions={
        <span className="badge text-bg-secondary fs-6" data-testid="photo-queue-count">
          {t('waiting', { count: total })}
        </span>
      }
    >
      {confirmation && (
        <div className="alert alert-success py-2" role="status" data-testid="photo-confirmation">
          {confirmation}
        </div>
      )}
      <ErrorAlert error={decide.error ?? queue.error} ns="photos" />
      {queue.isPending ? (
        <ConsoleSpinner />
      ) : current ? (
        <>
          <div className="d-flex align-items-center gap-2 mb-2 small text-body-secondary">
            <button
              type="button"
              className="btn btn-sm btn-outline-dark"
              onClick={() => setIndex((i) => Math.max(0, i - 1))}
              disabled={index === 0}
              aria-label={t('previous')}
            >
              <i className="bi bi-chevron-left" aria-hidden="true" /> <kbd>K</kbd>
            </button>
            <span data-testid="photo-position">
              {t('position', { n: Math.min(index, open.length - 1) + 1, of: open.length })}
            </span>
            <button
              type="button"
              className="btn btn-sm btn-outline-dark"
              onClick={() => setIndex((i) => Math.min(i + 1, open.length - 1))}
              disabled={index >= open.length - 1}
              aria-label={t('next')}
            >
              <kbd>J</kbd> <i className="bi bi-chevron-right" aria-hidden="true" />
            </button>
          </div>
          <PhotoReview photo={current} />
          <DecisionBar
            reason={reason}
            note={note}
            onReason={(r) => {
              setReason(r);
              setNeedReason(false);
            }}
            onNote={setNote}
            onApprove={approve}
            onReject={reject}
            needReason={needReason}
          />
        </>
      ) : (
        <p className="text-body-secondary" data-testid="photo-queue-empty">
          {t('empty')}
        </p>
      )}
    </ConsolePage>
  );
}
