import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormAlert } from '../../../components/form/FormAlert';
import { ProgressBar } from '../../../components/ui/ProgressBar';
import { userQuery } from '../../auth/api/session';
import { type UploadedPhoto, uploadPhoto } from '../../photos/api/upload-photo';
import { StepNextButton } from './StepNextButton';

/** Step 1: a first photo, with upload progress. */
export function PhotoStep({ onNext }: { onNext: () => void }) {
  const { t } = useTranslation('auth');
  const client = useQueryClient();
  const [progress, setProgress] = useState<number | null>(null);
  const [photo, setPhoto] = useState<UploadedPhoto | null>(null);
  const [error, setError] = useState<unknown>(null);
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setProgress(0);
    try {
      setPhoto(await uploadPhoto(file, setProgress));
      // The member now has a main photo: the cached member (top bar, add-photo banner) must not say otherwise.
      void client.invalidateQueries({ queryKey: userQuery.queryKey });
    } catch (err) {
      setError(err);
    } finally {
      setProgress(null);
    }
  };
  return (
    <div data-testid="signup-step-photo">
      <h2 className="h5 fw-semibold">{t('signup.photo.title')}</h2>
      <p className="text-body-secondary small">{t('signup.photo.text')}</p>
      <FormAlert error={error} />
      <div className="photo-drop text-center p-4 mb-3">
        {photo ? (
          <img
            src={photo.match}
            alt={t('signup.photo.preview')}
            className="rounded-4 shadow-sm photo-preview"
            data-testid="signup-photo-preview"
          />
        ) : (
          <i className="bi bi-person-bounding-box display-4 text-body-tertiary" aria-hidden="true" />
        )}
        {progress !== null && (
          <ProgressBar value={progress} label={t('signup.photo.uploading')} className="mt-3">
            {progress}%
          </ProgressBar>
        )}
        <div className="mt-3">
          <label className={`btn btn-outline-primary rounded-pill${progress !== null ? ' disabled' : ''}`}>
            <i className="bi bi-camera me-2" aria-hidden="true" />
            {photo ? t('signup.photo.another') : t('signup.photo.choose')}
            <input
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="visually-hidden"
              disabled={progress !== null}
              onChange={(e) => void onFile(e.target.files?.[0])}
              data-testid="signup-photo-input"
            />
          </label>
        </div>
      </div>
      <div className="d-flex gap-2">
        <button
          type="button"
          className="btn btn-link text-body-secondary"
          data-testid="signup-skip"
          onClick={onNext}
          disabled={progress !== null}
        >
          {t('signup.skip')}
        </button>
        <StepNextButton
          busy={progress !== null}
          missing={!photo && progress === null ? t('signup.next_missing.photo') : null}
          onClick={onNext}
        />
      </div>
    </div>
  );
}
