import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ProfileCard } from '../../../../shared/schemas/members';
import { useCurrentUser } from '../../auth/api/session';

function Photo({ src, alt }: { src: string | undefined; alt: string }) {
  return (
    <div className="match-photo rounded-circle overflow-hidden border border-4 border-white shadow bg-body-tertiary">
      {src ? (
        <img src={src} alt={alt} className="w-100 h-100 object-fit-cover" />
      ) : (
        <div
          className="w-100 h-100 d-flex align-items-center justify-content-center"
          role="img"
          aria-label={alt}
        >
          <i className="bi bi-person fs-1 text-body-tertiary" aria-hidden="true" />
        </div>
      )}
    </div>
  );
}

/** "It's a match!": both photos, a link to the other's profile and "Keep browsing". Open while `other` is set. */
export function MatchModal({
  other,
  onHide,
}: {
  other: Pick<ProfileCard, 'id' | 'name' | 'main_image'> | null;
  onHide: () => void;
}) {
  const { t } = useTranslation('members');
  const user = useCurrentUser();
  return (
    <Modal show={other !== null} onHide={onHide} centered data-testid="match-modal">
      {other && (
        <>
          <Modal.Header closeButton closeLabel={t('likes.match.close')} className="border-0 pb-0" />
          <Modal.Body className="text-center px-4 pb-4 pt-0">
            <div className="d-flex justify-content-center align-items-center mb-3" aria-hidden="false">
              <Photo src={user?.profile.main_image?.match} alt={t('likes.match.you')} />
              <i className="bi bi-heart-fill text-primary fs-2 match-heart" aria-hidden="true" />
              <Photo src={other.main_image?.match} alt={other.name} />
            </div>
            <h2 className="h3 fw-bold text-primary mb-2" data-testid="match-title">
              {t('likes.match.title')}
            </h2>
            <p className="text-body-secondary mb-4">{t('likes.match.text', { name: other.name })}</p>
            <div className="d-grid gap-2">
              <Link
                to={`/members/${other.id}/chat`}
                className="btn btn-primary rounded-pill"
                onClick={onHide}
                data-testid="match-send-message"
              >
                <i className="bi bi-chat-heart me-2" aria-hidden="true" />
                {t('likes.match.send_message', { name: other.name })}
              </Link>
              <Link
                to={`/members/${other.id}`}
                className="btn btn-outline-primary rounded-pill"
                onClick={onHide}
                data-testid="match-view-profile"
              >
                {t('likes.match.view_profile', { name: other.name })}
              </Link>
              <button
                type="button"
                className="btn btn-outline-dark rounded-pill"
                onClick={onHide}
                data-testid="match-keep-browsing"
              >
                {t('likes.match.keep_browsing')}
              </button>
            </div>
          </Modal.Body>
        </>
      )}
    </Modal>
  );
}
