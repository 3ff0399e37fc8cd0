import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../components/LanguageSelect';
import { useStaff, useStaffSession } from '../session';

/** Who is signed in (name and role), their account, the console's language and signing out. */
export function StaffPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('console');
  const staff = useStaff();
  const { signOut } = useStaffSession();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="console-staff mt-auto pt-4">
      <div className="d-flex align-items-center gap-2 mb-2">
        <i className="bi bi-person-circle fs-4" aria-hidden="true" />
        <div className="min-w-0">
          <div className="fw-semibold text-truncate" data-testid="console-staff-name">
            {staff.name}
          </div>
          <span className="badge console-role-badge" data-testid="console-staff-role">
            {t(`roles.${staff.role}`)}
          </span>
        </div>
      </div>
      <Link to="/admin/account" className="console-nav-link nav-link px-0" onClick={onNavigate}>
        <i className="bi bi-key me-2" aria-hidden="true" />
        {t('nav.account')}
      </Link>
      <LanguageSelect id="console-language" className="my-2" />
      <button
        type="button"
        className="btn btn-outline-light btn-sm w-100"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut().finally(() => setLeaving(false));
        }}
        data-testid="console-sign-out"
      >
        <i className="bi bi-box-arrow-right me-2" aria-hidden="true" />
        {t('sign_out')}
      </button>
    </div>
  );
}
