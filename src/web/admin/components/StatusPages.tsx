import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useStaff } from '../session';
import { ConsolePage } from './ConsolePage';

/** A section's address opened by a role that may not use it (the server refuses its calls anyway). */
export function NotAllowedPage() {
  const { t } = useTranslation('console');
  const staff = useStaff();
  return (
    <ConsolePage title={t('not_allowed.title')}>
      <div className="alert alert-warning" data-testid="console-not-allowed">
        {t('not_allowed.text', { role: t(`roles.${staff.role}`) })}
      </div>
      <Link to="/admin" className="btn btn-outline-primary">
        {t('nav.home')}
      </Link>
    </ConsolePage>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation('console');
  return (
    <ConsolePage title={t('not_found.title')}>
      <p>{t('not_found.text')}</p>
      <Link to="/admin" className="btn btn-outline-primary">
        {t('nav.home')}
      </Link>
    </ConsolePage>
  );
}
