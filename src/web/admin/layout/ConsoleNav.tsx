import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { sectionsFor } from '../sections';
import { useStaff } from '../session';

/** Home and every section the signed-in role may use (sections.tsx). */
export function ConsoleNav({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const staff = useStaff();
  const link = ({ isActive }: { isActive: boolean }) =>
    `nav-link console-nav-link${isActive ? ' active' : ''}`;
  return (
    <nav aria-label={t('console:nav.label')}>
      <ul className="nav flex-column gap-1" data-testid="console-nav">
        <li className="nav-item">
          <NavLink to="/admin" end className={link} onClick={onNavigate}>
            <i className="bi bi-house me-2" aria-hidden="true" />
            {t('console:nav.home')}
          </NavLink>
        </li>
        {sectionsFor(staff.role).map((s) => (
          <li className="nav-item" key={s.id}>
            <NavLink
              to={`/admin/${s.path}`}
              className={link}
              onClick={onNavigate}
              data-testid={`console-nav-${s.id}`}
            >
              <i className={`bi bi-${s.icon} me-2`} aria-hidden="true" />
              {t(s.labelKey)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
