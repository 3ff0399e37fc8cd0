import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RouteName } from '../../../../shared/routes';
import { useRouteName } from '../../../app/route-name';
import { type AnnouncedLike, useAutoLike } from '../hooks/use-auto-like';
import { MatchModal } from './MatchModal';

/** Screens where no like modal interrupts: signing up and confirming. */
const QUIET_ROUTES: ReadonlySet<RouteName | 'not-found'> = new Set<RouteName | 'not-found'>([
  'signup',
  'members-id-signup',
  'signup-matches',
  'complete-signup',
  'activate-done',
  'activate-error',
]);

/** "Anna likes you": the liker's photo and a button to the profile (spec: like modal). */
function NewLikeModal({ like, onHide }: { like: AnnouncedLike | null; onHide: () => void }) {
  const { t } = useTranslation('members');
  return (
    <Modal show={like !== null} onHide={onHide} centered data-testid="like-modal">
      {like && (
        <>
          <Modal.Header closeButton closeLabel={t('likes.modal.close')} className="border-0 pb-0" />
          <Modal.Body className="text-center px-4 pb-4 pt-0">
            <div className="like-modal-photo rounded-4 overflow-hidden mx-auto mb-3 bg-body-tertiary shadow-sm">
              {like.main_image ? (
                <img
                  src={like.main_image.match}
                  alt={like.name}
                  className="w-100 h-100 object-fit-cover"
                  data-testid="like-modal-photo"
                />
              ) : (
                <div
                  className="w-100 h-100 d-flex align-items-center justify-content-center"
                  role="img"
                  aria-label={like.name}
                >
                  <i className="bi bi-person fs-1 text-body-tertiary" aria-hidden="true" />
                </div>
              )}
            </div>
            <h2 className="h4 fw-bold mb-2" data-testid="like-modal-title">
              <i className="bi bi-heart-fill text-primary me-2" aria-hidden="true" />
              {t('likes.modal.title', { name: like.name })}
            </h2>
            <p className="text-body-secondary mb-4">{t('likes.modal.text', { name: like.name })}</p>
            <div className="d-grid gap-2">
              <Link
                to={`/likes/m/${like.id}`}
                className="btn btn-primary rounded-pill"
                onClick={onHide}
                data-testid="like-modal-view"
              >
                {t('likes.modal.view_profile')}
              </Link>
              <button type="button" className="btn btn-outline-dark rounded-pill" onClick={onHide}>
                {t('likes.modal.later')}
              </button>
            </div>
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}

/**
 * The like modal of the default layout (see useAutoLike): a new like, or the match modal when the member likes the
 * liker too (the other side of a match learns it here).
 */
export function AutoLikeModal() {
  const route = useRouteName();
  const { like, dismiss } = useAutoLike(!QUIET_ROUTES.has(route));
  if (like?.match)
    return (
      <MatchModal other={{ id: like.id, name: like.name, main_image: like.main_image }} onHide={dismiss} />
    );
  return <NewLikeModal like={like} onHide={dismiss} />;
}
