import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The way into the cam section from the members area (beside the swipe game and the match finder). */
export function CamsLink() {
  const { t } = useTranslation('cams');
  return (
    <Link to="/cams" className="btn btn-outline-primary btn-sm rounded-pill" data-testid="members-cams">
      <i className="bi bi-camera-video me-1" aria-hidden="true" />
      {t('nav')}
    </Link>
  );
}
