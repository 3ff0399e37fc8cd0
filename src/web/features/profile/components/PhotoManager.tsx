import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RULES } from '../../../../shared/rules';
import { type OwnPhoto, PHOTO_UPLOAD } from '../../../../shared/schemas/photos';
import { isBuilt } from '../../../app/built-routes';
import { FormAlert } from '../../../components/form/FormAlert';
import { BusyButton } from '../../../components/ui/BusyButton';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { RetryButton } from '../../../components/ui/RetryButton';
import { ApiError } from '../../../lib/http';
import { useCurrentUser } from '../../auth/api/session';
import { uploadPhoto } from '../../photos/api/upload-photo';
import { deletePhotoCall, ownPhotosQuery, updatePhotoCall } from '../api/own-photos';
import { PhotoReviewNote } from './PhotoReviewNote';

const MAX_MB = Math.round(PHOTO_UPLOAD.maxBytes / (1024 * 1024));
const ACCEPTED: readonly string[] = PHOTO_UPLOAD.accept;

/** The photo limit of a member: 3 photos, 25 with premium. */
export function photoLimitOf(paidUser: boolean | undefined): number {
  return paidUser ? RULES.photos.premiumMax : RULES.photos.freeMax;
}

/**
 * The member's own photos: a grid with main, private and review badges, a menu per photo (make main, make
 * private/public, delete with a confirmation) and the upload button with progress, replaced by a message at the
 * photo limit. Every change refreshes the photo list and the member (the top bar shows the main photo).
 */
export function PhotoManager() {
  const { t } = useTranslation('profile');
  const client = useQueryClient();
  const user = useCurrentUser();
  const photos = useQuery(ownPhotosQuery);
  const max = photoLimitOf(user?.paid_user);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [confirmId, setConfirmId] = useState<number | null>(null);
  const dialogId = useId();
  const fileInput = useRef<HTMLInputElement>(null);

  const refresh = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ownPhotosQuery.queryKey }),
      client.invalidateQueries({ queryKey: ['user'] }),
    ]);
  const startAction = () => {
    setNotice(null);
    setError(null);
    setClientError(null);
  };

  const update = useMutation({
    mutationFn: updatePhotoCall,
    onMutate: startAction,
    onSuccess: (list) => {
      client.setQueryData(ownPhotosQuery.queryKey, list);
      setNotice(t('photos.updated'));
      void refresh();
    },
    onError: (err) => setError(err),
  });

  const remove = useMutation({
    mutationFn: deletePhotoCall,
    onSuccess: (_, id) => {
      client.setQueryData(ownPhotosQuery.queryKey, (old) => old?.filter((p) => p.id !== id));
      setConfirmId(null);
      setNotice(t('photos.removed'));
      void refresh();
    },
  });

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file may be chosen again after an error.
    e.target.value = '';
    if (!file) return;
    startAction();
    if (!ACCEPTED.includes(file.type)) return setClientError(t('photos.invalid_type'));
    if (file.size > PHOTO_UPLOAD.maxBytes) return setClientError(t('photos.too_large', { max: MAX_MB }));
    setProgress(0);
    try {
      await uploadPhoto(file, setProgress);
      setNotice(t('photos.added'));
      await refresh();
    } catch (err) {
      setError(err);
      // At the limit (409 photo_limit) the list on the server is the truth.
      if (err instanceof ApiError && err.status === 409) await refresh();
    } finally {
      setProgress(null);
    }
  };

  const openDelete = (id: number) => {
    startAction();
    remove.reset();
    setConfirmId(id);
  };
  const closeDelete = () => {
    if (!remove.isPending) setConfirmId(null);
  };

  if (photos.isPending) {
    return (
      <div className="d-flex justify-content-center py-4" role="status" data-testid="photo-manager-loading">
        <span className="spinner-border text-primary" aria-hidden="true" />
        <span className="visually-hidden">{t('common:loading')}</span>
      </div>
    );
  }
  if (photos.isError) {
    return (
      <div className="alert alert-danger small" role="alert" data-testid="photo-manager-error">
        <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
        {t('photos.load_error')}{' '}
        <RetryButton
          variant="link"
          onRetry={() => void photos.refetch()}
          busy={photos.isFetching}
          label={t('retry')}
        />
      </div>
    );
  }

  const list = photos.data;
  const atLimit = list.length >= max;
  const uploading = progress !== null;
  const busyId = update.isPending ? update.variables?.id : undefined;

  return (
    <div data-testid="photo-manager">
      <p className="small text-body-secondary mb-3" data-testid="photo-count">
        <i className="bi bi-images me-2" aria-hidden="true" />
        {t('photos.count', { used: list.length, count: max })}
      </p>

      <div role="status">
        {notice && (
          <div
            className="alert alert-success alert-dismissible py-2 small"
            data-testid="photo-notice"
            key={notice}
          >
            <i className="bi bi-check-circle-fill me-2" aria-hidden="true" />
            {notice}
            <button
              type="button"
              className="btn-close py-2"
              aria-label={t('photos.close')}
              onClick={() => setNotice(null)}
            />
          </div>
        )}
      </div>
      {clientError && (
        <div className="alert alert-danger py-2 small" role="alert" data-testid="photo-error">
          <i className="bi bi-exclamation-triangle-fill me-2" aria-hidden="true" />
          {clientError}
        </div>
      )}
      <FormAlert error={error} />

      {list.length === 0 ? (
        <p className="text-body-secondary" data-testid="photo-empty">
          {t('photos.empty')}
        </p>
      ) : (
        <ul className="row row-cols-2 row-cols-sm-3 g-3 list-unstyled mb-3" data-testid="photo-grid">
          {list.map((photo, i) => (
            <PhotoTile
              key={photo.id}
              photo={photo}
              n={i + 1}
              busy={busyId === photo.id}
              onMain={() => update.mutate({ id: photo.id, main: true })}
              onPrivate={(value) => update.mutate({ id: photo.id, private: value })}
              onDelete={() => openDelete(photo.id)}
            />
          ))}
        </ul>
      )}
      {list.some((p) => p.private) && <p className="small text-body-secondary">{t('photos.private_hint')}</p>}

      {atLimit ? (
        <div className="alert alert-info small mb-0" role="status" data-testid="photo-limit">
          <i className="bi bi-info-circle-fill me-2" aria-hidden="true" />
          {t('photos.limit', { count: max })}
          {!user?.paid_user && (
            <>
              {' '}
              {t('photos.limit_premium', { max: RULES.photos.premiumMax })}
              {isBuilt('premium') && (
                <>
                  {' '}
                  <Link to="/premium" className="fw-semibold">
                    {t('photos.premium_link')}
                  </Link>
                </>
              )}
            </>
          )}
        </div>
      ) : (
        <div className="photo-drop p-3 text-center">
          {uploading && (
            <ProgressBar
              value={progress}
              label={t('photos.uploading')}
              className="mb-3"
              testId="photo-upload-progress"
            >
              {progress}%
            </ProgressBar>
          )}
          <BusyButton
            type="button"
            className="btn btn-primary rounded-pill px-4"
            busy={uploading}
            onClick={() => fileInput.current?.click()}
            data-testid="photo-upload"
          >
            {!uploading && <i className="bi bi-camera me-2" aria-hidden="true" />}
            {t('photos.upload')}
          </BusyButton>
          <input
            ref={fileInput}
            type="file"
            accept={PHOTO_UPLOAD.accept.join(',')}
            className="d-none"
            tabIndex={-1}
            aria-label={t('photos.upload')}
            disabled={uploading}
            onChange={(e) => void onFile(e)}
            data-testid="photo-upload-input"
          />
          <div className="form-text">{t('photos.upload_hint', { max: MAX_MB })}</div>
        </div>
      )}

      <Modal show={confirmId !== null} onHide={closeDelete} centered aria-labelledby={`${dialogId}-confirm`}>
        <Modal.Header closeButton closeLabel={t('photos.confirm.cancel')}>
          <Modal.Title id={`${dialogId}-confirm`} as="h2" className="h5">
            {t('photos.confirm.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body data-testid="photo-delete-dialog">
          <p className="mb-0">{t('photos.confirm.text')}</p>
          {remove.error && (
            <div className="mt-3 mb-n3">
              <FormAlert error={remove.error} />
            </div>
          )}
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-link text-body-secondary"
            onClick={closeDelete}
            disabled={remove.isPending}
            data-testid="photo-delete-cancel"
          >
            {t('photos.confirm.cancel')}
          </button>
          <BusyButton
            type="button"
            className="btn btn-danger rounded-pill px-4"
            busy={remove.isPending}
            onClick={() => confirmId !== null && remove.mutate(confirmId)}
            data-testid="photo-delete-confirm"
          >
            {t('photos.confirm.delete')}
          </BusyButton>
        </Modal.Footer>
      </Modal>
    </div>
  );
}

function PhotoTile({
  photo,
  n,
  busy,
  onMain,
  onPrivate,
  onDelete,
}: {
  photo: OwnPhoto;
  n: number;
  busy: boolean;
  onMain: () => void;
  onPrivate: (value: boolean) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('profile');
  const rejected = photo.status === 'rejected';
  return (
    <li className="col" data-testid="own-photo" data-photo-id={photo.id}>
      <div className="position-relative">
        <div className="ratio ratio-1x1 rounded-4 overflow-hidden bg-body-tertiary shadow-sm">
          <img
            src={photo.match}
            alt={t('photos.alt', { n })}
            className={`object-fit-cover w-100 h-100${rejected ? ' opacity-50' : ''}`}
            loading="lazy"
          />
        </div>
        <div className="position-absolute top-0 start-0 p-2 d-flex flex-column align-items-start gap-1">
          {photo.main && (
            <span className="badge rounded-pill text-bg-primary" data-testid="photo-badge-main">
              <i className="bi bi-star-fill me-1" aria-hidden="true" />
              {t('photos.main')}
            </span>
          )}
          {photo.private && (
            <span className="badge rounded-pill text-bg-dark" data-testid="photo-badge-private">
              <i className="bi bi-lock-fill me-1" aria-hidden="true" />
              {t('photos.private')}
            </span>
          )}
          {photo.status === 'pending' && (
            <span className="badge rounded-pill text-bg-warning" data-testid="photo-badge-pending">
              <i className="bi bi-hourglass-split me-1" aria-hidden="true" />
              {t('photos.status.pending')}
            </span>
          )}
          {rejected && (
            <span className="badge rounded-pill text-bg-danger" data-testid="photo-badge-rejected">
              <i className="bi bi-x-octagon-fill me-1" aria-hidden="true" />
              {t('photos.status.rejected')}
            </span>
          )}
        </div>
        <div className="position-absolute top-0 end-0 p-2">
          <Dropdown align="end">
            <Dropdown.Toggle
              variant="light"
              size="sm"
              bsPrefix="photo-menu-toggle"
              className="rounded-circle shadow-sm"
              aria-label={t('photos.options', { n })}
              disabled={busy}
              data-testid="photo-menu"
            >
              {busy ? (
                <span className="spinner-border spinner-border-sm" aria-hidden="true" />
              ) : (
                <i className="bi bi-three-dots" aria-hidden="true" />
              )}
            </Dropdown.Toggle>
            <Dropdown.Menu>
              {!photo.main && !photo.private && !rejected && (
                <Dropdown.Item as="button" onClick={onMain} data-testid="photo-make-main">
                  <i className="bi bi-star me-2" aria-hidden="true" />
                  {t('photos.make_main')}
                </Dropdown.Item>
              )}
              <Dropdown.Item
                as="button"
                onClick={() => onPrivate(!photo.private)}
                data-testid={photo.private ? 'photo-make-public' : 'photo-make-private'}
              >
                <i className={`bi ${photo.private ? 'bi-unlock' : 'bi-lock'} me-2`} aria-hidden="true" />
                {photo.private ? t('photos.make_public') : t('photos.make_private')}
              </Dropdown.Item>
              <Dropdown.Divider />
              <Dropdown.Item
                as="button"
                className="text-danger"
                onClick={onDelete}
                data-testid="photo-delete"
              >
                <i className="bi bi-trash3 me-2" aria-hidden="true" />
                {t('photos.delete')}
              </Dropdown.Item>
            </Dropdown.Menu>
          </Dropdown>
        </div>
      </div>
      <PhotoReviewNote photo={photo} />
    </li>
  );
}
