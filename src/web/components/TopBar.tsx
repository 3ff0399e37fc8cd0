import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { PublicSettings } from '../../shared/schemas/sites';
import { useRouteName } from '../app/route-name';
import { isStandalone } from '../lib/standalone';
import { LanguageDropdown } from './LanguageDropdown';
import { Logo } from './ui/Logo';

/** Routes on which the installed app shows a back button (when there is history to go back to). */
const BACK_BUTTON_ROUTES = new Set([
  'members-id',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
]);

export function showBackButton(routeName: string, standalone: boolean, historyLength: number): boolean {
  return standalone && historyLength > 1 && BACK_BUTTON_ROUTES.has(routeName);
}

export function TopBar({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation();
  const routeName = useRouteName();
  const navigate = useNavigate();
  const back = showBackButton(routeName, isStandalone(), window.history.length);
  return (
    <header className="topbar sticky-top">
      <nav className="navbar bg-body border-bottom" aria-label={t('nav.main')}>
        <div className="container-lg gap-2">
          <div className="d-flex align-items-center gap-1">
            {back && (
              <button
                type="button"
                className="btn btn-link text-body px-2"
                onClick={() => navigate(-1)}
                aria-label={t('nav.back')}
              >
                <i className="bi bi-chevron-left" aria-hidden="true" />
              </button>
            )}
            <Logo name={settings.name} />
          </div>
          <div className="d-flex align-items-center gap-1 gap-sm-2 ms-auto">
            {routeName !== 'complete-signup' && <LanguageDropdown />}
            <Link to="/login" className="btn btn-primary btn-sm px-3 rounded-pill" data-testid="login-button">
              <i className="bi bi-box-arrow-in-right me-1" aria-hidden="true" />
              {t('nav.login')}
            </Link>
          </div>
        </div>
      </nav>
    </header>
  );
}
