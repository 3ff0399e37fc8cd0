import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminProfile } from '../../../shared/schemas/admin-profiles';
import { ProgressBar } from '../../components/ui/ProgressBar';
import { ErrorAlert } from '../components/ErrorAlert';
import { deletePhotoCall, profileQuery, uploadPhotoCall } from './profiles-api';

/**
 * The photos of a saved profile: upload (through the members' pipeline: re-encoded, metadata stripped, screened,
 * then the photo queue) with the upload's progress, each photo's status, and removal.
 */
export function ProfilePhotos({ profile }: { profile: AdminProfile }) {
  const { t } = useTranslation('profiles');
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [progress, setProgress] = useState<number | null>(null);
  const store = (p: AdminProfile) => {
    client.setQueryData(profileQuery(p.id).queryKey, p);
    void client.invalidateQueries({ queryKey: ['console', 'profiles'] });
  };
  const upload = useMutation({
    mutationFn: (file: File) => uploadPhotoCall(profile.id, file, setProgress),
    onMutate: () => setProgress(0),
    onSettled: () => {
      setProgress(null);
      if (input.current) input.current.value = '';
    },
    onSuccess: store,
  });
  const remove = useMutation({ mutationFn: deletePhotoCall, onSuccess: store });

  return (
    <section className="mt-4" aria-labelledby={`${inputId}-title`}>
      <h2 id={`${inputId}-title`} className="h5">
        {t('photos.title')}
      </h2>
      <p className="small text-body-secondary">{t('photos.help')}</p>
      <ErrorAlert error={upload.error ?? remove.error} ns="profiles" />
      <div className="d-flex flex-wrap gap-3 mb-3" data-testid="profile-photos">
        {profile.photos.map((ph) => (
          <div key={ph.id} className="text-center">
            <img
              src={ph.thumb_filename}
              alt=""
              width={96}
              height={96}
              className="rounded object-fit-cover d-block mb-1"
            />
            <span className="small d-block">
              {ph.main && (
                <i role="img" className="bi bi-star-fill text-warning me-1" aria-label={t('photos.main')} />
              )}
              {t(`photos.status.${ph.status}`, { defaultValue: ph.status })}
            </span>
            <button
              type="button"
              className="btn btn-link btn-sm text-danger p-0"
              disabled={remove.isPending}
              onClick={() => remove.mutate({ id: profile.id, photo: ph.id })}
            >
              {t('photos.remove')}
            </button>
          </div>
        ))}
      </div>
      <label htmlFor={inputId} className="form-label">
        {t('photos.add')}
      </label>
      <input
        ref={input}
        id={inputId}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        className="form-control"
        disabled={upload.isPending}
        data-testid="profile-photo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
        }}
      />
      {progress !== null && (
        <ProgressBar
          value={Math.round(progress * 100)}
          label={t('photos.uploading')}
          className="mt-2"
          testId="profile-photo-progress"
        >
          {Math.round(progress * 100)}%
        </ProgressBar>
      )}
    </section>
  );
}
