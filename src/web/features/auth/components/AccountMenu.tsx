import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { isBuilt } from '../../../app/built-routes';
import { logout, useSetUser } from '../api/session';

/** The account dropdown: main-image thumbnail or an icon, the profile name, My profile, Settings, Logout. */
export function AccountMenu({ user }: { user: CurrentUser }) {
  const { t } = useTranslation('auth');
  const setUser = useSetUser();
  const navigate = useNavigate();
  const thumb = user.profile.main_image?.thumb_filename;
  const onLogout = async () => {
    await logout();
    setUser(null);
    navigate('/');
  };
  return (
    <Dropdown align="end" className="account-menu">
      <Dropdown.Toggle
        variant="link"
        className="nav-link d-flex align-items-center gap-2 px-1 text-body"
        data-testid="account-menu"
      >
        {thumb ? (
          <img src={thumb} alt="" className="rounded-circle account-thumb" width={32} height={32} />
        ) : (
          <span className="account-thumb account-thumb-empty rounded-circle" aria-hidden="true">
            <i className="bi bi-person-fill" />
          </span>
        )}
        <span className="d-none d-sm-inline fw-semibold text-truncate account-name">{user.profile.name}</span>
        <span className="visually-hidden">{t('menu.label')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Header className="d-sm-none">{user.profile.name}</Dropdown.Header>
        {isBuilt('profile') && (
          <Dropdown.Item as={Link} to="/profile">
            <i className="bi bi-person me-2" aria-hidden="true" />
            {t('menu.profile')}
          </Dropdown.Item>
        )}
        <Dropdown.Item as={Link} to="/notifications" data-testid="menu-settings">
          <i className="bi bi-gear me-2" aria-hidden="true" />
          {t('menu.settings')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" onClick={() => void onLogout()} data-testid="menu-logout">
          <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
          {t('menu.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
