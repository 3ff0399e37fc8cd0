import { type ReactNode, useEffect } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import type { MemberPhoto, MemberProfile } from '../../../shared/schemas/member-profile';
import { SignupLink } from '../../features/signup/components/SignupLink';

// The photos of another member's profile: the grid, a locked private photo, and the lightbox.

export const thumbOf = (p: MemberPhoto) => p.thumb_filename ?? p.match ?? p.filename;
export const largeOf = (p: MemberPhoto) => p.filename ?? p.match ?? p.thumb_filename;
/** Only photos the viewer may see carry a URL; a locked photo is never shown, whatever it carries. */
export const isViewable = (p: MemberPhoto) => !p.locked && Boolean(largeOf(p));

export function PhotoGrid({
  profile,
  signedOut,
  onOpen,
}: {
  profile: MemberProfile;
  signedOut: boolean;
  onOpen: (photo: MemberPhoto) => void;
}) {
  const { t } = useTranslation('members');
  const viewable = profile.photos.filter(isViewable);
  const anyLocked = profile.photos.some((p) => p.locked);
  return (
    <section className="card border-0 shadow-sm mb-4" aria-labelledby="member-photos-title">
      <div className="card-body p-4">
        <h2 id="member-photos-title" className="h5 fw-semibold mb-3">
          <i className="bi bi-images me-2" aria-hidden="true" />
          {t('profile.photos')}
        </h2>
        {profile.photos.length === 0 ? (
          <p className="text-body-secondary mb-0">{t('profile.no_photos', { name: profile.name })}</p>
        ) : (
          <div className="row g-2 row-cols-3 row-cols-md-4" data-testid="member-photos">
            {profile.photos.map((photo) => (
              <div className="col" key={photo.id}>
                {photo.locked || !isViewable(photo) ? (
                  <LockedPhoto signedOut={signedOut} memberId={profile.id} />
                ) : (
                  <button
                    type="button"
                    className="ratio ratio-1x1 d-block w-100 btn p-0 border-0 rounded-3 overflow-hidden"
                    onClick={() => onOpen(photo)}
                    aria-label={t('profile.open_photo', { number: viewable.indexOf(photo) + 1 })}
                    data-testid="member-photo"
                  >
                    <img
                      src={thumbOf(photo)!}
                      alt={t('profile.photo_alt', {
                        number: viewable.indexOf(photo) + 1,
                        name: profile.name,
                      })}
                      loading="lazy"
                      decoding="async"
                      className="w-100 h-100 object-fit-cover"
                    />
                  </button>
                )}
              </div>
            ))}
          </div>
        )}
        {anyLocked && !signedOut && (
          <p className="small text-body-secondary mt-3 mb-0" data-testid="member-locked-explained">
            <i className="bi bi-lock me-1" aria-hidden="true" />
            {t('profile.locked_explained', { name: profile.name })}
          </p>
        )}
      </div>
    </section>
  );
}

/** A photo the viewer may not see: a blurred stand-in with a lock, never the photo's URL. */
function LockedPhoto({ signedOut, memberId }: { signedOut: boolean; memberId: number }) {
  const { t } = useTranslation('members');
  const inner = (label: string) => (
    <>
      <span className="locked-photo-veil position-absolute top-0 start-0 w-100 h-100" aria-hidden="true" />
      <span className="position-absolute top-0 start-0 w-100 h-100 d-flex flex-column align-items-center justify-content-center text-center p-2">
        <i className="bi bi-lock-fill fs-4 mb-1" aria-hidden="true" />
        <span className="small fw-semibold lh-sm">{label}</span>
      </span>
    </>
  );
  const box = 'ratio ratio-1x1 d-block rounded-3 overflow-hidden text-body';
  if (signedOut) {
    return (
      <div className="position-relative" data-testid="member-photo-locked">
        <SignupLink
          memberId={memberId}
          className={`${box} text-decoration-none`}
          testId="member-photo-signup"
        >
          {inner(t('profile.locked_signed_out'))}
        </SignupLink>
      </div>
    );
  }
  return (
    <div className={box} data-testid="member-photo-locked">
      <div>{inner(t('profile.locked'))}</div>
    </div>
  );
}

export function Lightbox({
  name,
  photos,
  index,
  onIndex,
  onClose,
  action,
}: {
  name: string;
  photos: MemberPhoto[];
  index: number;
  onIndex: (i: number) => void;
  onClose: () => void;
  /** something to do with the photo shown (e.g. report it), in the footer */
  action?: (photo: MemberPhoto) => ReactNode;
}) {
  const { t } = useTranslation('members');
  const count = photos.length;
  const photo = photos[index]!;
  const go = (delta: number) => onIndex((index + delta + count) % count);

  useEffect(() => {
    if (count < 2) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'ArrowLeft') onIndex((index - 1 + count) % count);
      else if (e.key === 'ArrowRight') onIndex((index + 1) % count);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [index, count, onIndex]);

  return (
    <Modal show onHide={onClose} size="xl" centered data-testid="member-lightbox">
      <Modal.Header closeButton closeLabel={t('lightbox.close')}>
        <Modal.Title as="h2" className="h5">
          {t('lightbox.title', { name })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-0 bg-dark position-relative">
        <img
          src={largeOf(photo)!}
          alt={t('profile.photo_alt', { number: index + 1, name })}
          className="lightbox-image d-block mx-auto"
          data-testid="member-lightbox-image"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              className="btn btn-light rounded-circle position-absolute top-50 start-0 translate-middle-y ms-2 shadow"
              onClick={() => go(-1)}
              aria-label={t('lightbox.previous')}
              data-testid="member-lightbox-previous"
            >
              <i className="bi bi-chevron-left" aria-hidden="true" />
            </button>
            <button
              type="button"
              className="btn btn-light rounded-circle position-absolute top-50 end-0 translate-middle-y me-2 shadow"
              onClick={() => go(1)}
              aria-label={t('lightbox.next')}
              data-testid="member-lightbox-next"
            >
              <i className="bi bi-chevron-right" aria-hidden="true" />
            </button>
          </>
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        <span className="small text-body-secondary" aria-live="polite" data-testid="member-lightbox-counter">
          {t('lightbox.counter', { current: index + 1, total: count })}
        </span>
        {action?.(photo)}
        <button type="button" className="btn btn-outline-dark rounded-pill px-4" onClick={onClose}>
          {t('lightbox.close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
