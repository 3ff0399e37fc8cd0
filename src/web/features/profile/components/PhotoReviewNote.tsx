import { useTranslation } from 'react-i18next';
import type { OwnPhoto } from '../../../../shared/schemas/photos';

/**
 * Under a photo of the member's own that others cannot see: a pending photo waits for review (only the member sees
 * it meanwhile); a rejected one says why, in the member's language, with the moderator's note, and that it may be
 * deleted.
 */
export function PhotoReviewNote({ photo }: { photo: OwnPhoto }) {
  const { t } = useTranslation('profile');
  if (photo.status === 'pending')
    return (
      <p className="small text-body-secondary mt-1 mb-0" data-testid="photo-pending-hint">
        {t('photos.pending_hint')}
      </p>
    );
  if (photo.status !== 'rejected') return null;
  return (
    <div className="small mt-1" data-testid="photo-rejection">
      <p className="mb-1 text-danger-emphasis fw-semibold" data-testid="photo-reject-reason">
        {t(`photos.reject_reasons.${photo.reject_reason ?? 'other'}`)}
      </p>
      {photo.reject_note && (
        <p className="mb-1 text-body-secondary" data-testid="photo-reject-note">
          {t('photos.reject_note', { note: photo.reject_note })}
        </p>
      )}
      <p className="mb-0 text-body-secondary">{t('photos.rejected_hint')}</p>
    </div>
  );
}
