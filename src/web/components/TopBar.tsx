import { useTranslation } from 'react-i18next';
import { Link, NavLink, useNavigate } from 'react-router';
import type { Locale } from '../../shared/locales';
import type { RouteName } from '../../shared/routes';
import { badgeText, RULES } from '../../shared/rules';
import type { PublicSettings } from '../../shared/schemas/sites';
import { isBuilt } from '../app/built-routes';
import { useRouteName } from '../app/route-name';
import { saveLanguageCall } from '../features/auth/api/accounts';
import { useCurrentUser } from '../features/auth/api/session';
import { AccountMenu } from '../features/auth/components/AccountMenu';
import { useUnreadCount } from '../features/chat/hooks/use-unread';
import { useNewLikesCount } from '../features/likes/hooks/use-likes-badge';
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

interface NavItem {
  route: RouteName;
  to: string;
  icon: string;
  /** the accessible name (with the badge's meaning) */
  label: string;
  /** the visible text (desktop), when it differs from the label */
  text?: string;
  /** a short text shown on phones too (where the others are icons only) */
  short?: string;
  badge?: number;
}

/** The credits badge shows at 10 credits or fewer: warning above 0, danger at 0. */
export function creditsBadgeVariant(credits: number): 'warning' | 'danger' | undefined {
  if (credits > RULES.badges.creditsWarnAtOrBelow) return undefined;
  return credits > 0 ? 'warning' : 'danger';
}

export function TopBar({ settings }: { settings: PublicSettings }) {
  const { t } = useTranslation();
  const routeName = useRouteName();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const newLikes = useNewLikesCount();
  const unread = useUnreadCount();
  const back = showBackButton(routeName, isStandalone(), window.history.length);
  const onLanguage = (l: Locale) => {
    if (user) void saveLanguageCall(l).catch(() => undefined); // errors ignored, as the spec says
  };
  const items: NavItem[] = user
    ? (
        [
          { route: 'members', to: '/members', icon: 'search-heart', label: t('nav.search') },
          {
            route: 'chats',
            to: '/chats',
            icon: 'chat-heart',
            label: unread > 0 ? t('nav.messages_unread', { n: unread }) : t('nav.messages'),
            text: t('nav.messages'),
            badge: unread,
          },
          {
            route: 'likes',
            to: '/likes',
            icon: 'heart',
            label: newLikes > 0 ? t('nav.likes_new', { n: newLikes }) : t('nav.likes'),
            text: t('nav.likes'),
            badge: newLikes,
          },
          // A paid member sees the balance and buys credits there (a repeat order is offered on /credits when
          // there is one); a member who has not paid is shown Premium, with its name on phones too (issue 27).
          user.paid_user
            ? {
                route: 'credits',
                to: '/credits',
                icon: 'coin',
                label: t('nav.credits_balance', { count: user.credits }),
                text: t('nav.credits'),
              }
            : {
                route: 'premium',
                to: '/premium',
                icon: 'gem',
                label: t('nav.premium'),
                short: t('nav.premium_short'),
              },
        ] satisfies NavItem[]
      ).filter((i) => isBuilt(i.route))
    : [];
  const creditsVariant = user?.paid_user ? creditsBadgeVariant(user.credits) : undefined;
  return (
    <header className="topbar sticky-top">
      <nav className="navbar bg-body border-bottom" aria-label={t('nav.main')}>
        <div className="container-lg gap-2 flex-nowrap">
          <div className="d-flex align-items-center gap-1 min-w-0">
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
            <Logo name={settings.name} to={user ? '/' : '/'} />
          </div>
          {items.length > 0 && (
            <ul className="nav member-nav mx-auto flex-nowrap">
              {items.map((i) => (
                <li className="nav-item" key={i.route}>
                  <NavLink
                    to={i.to}
                    className="nav-link position-relative text-body px-2 px-lg-3"
                    aria-label={i.label}
                    data-testid={`nav-${i.route}`}
                  >
                    <i className={`bi bi-${i.icon}`} aria-hidden="true" />
                    <span className="d-none d-md-inline ms-1">{i.text ?? i.label}</span>
                    {i.short && (
                      <span className="d-md-none ms-1 nav-short" aria-hidden="true">
                        {i.short}
                      </span>
                    )}
                    {i.badge ? (
                      <span
                        className="badge rounded-pill text-bg-danger ms-1 nav-badge"
                        aria-hidden="true"
                        data-testid={`nav-badge-${i.route}`}
                      >
                        {badgeText(i.badge)}
                      </span>
                    ) : null}
                    {i.route === 'credits' && (
                      // The balance, always (phones too); coloured as the spec's badge at 10 credits or fewer.
                      <span
                        className={`badge rounded-pill ms-1 nav-balance ${creditsVariant ? `text-bg-${creditsVariant}` : 'nav-balance-plain'}`}
                        aria-hidden="true"
                        data-testid="nav-credits-balance"
                      >
                        {user!.credits}
                      </span>
                    )}
                  </NavLink>
                </li>
              ))}
            </ul>
          )}
          <div className="d-flex align-items-center gap-1 gap-sm-2 ms-auto">
            {routeName !== 'complete-signup' && (
              <LanguageDropdown onChanged={onLanguage} languages={settings.languages} />
            )}
            {user ? (
              <AccountMenu user={user} />
            ) : (
              <Link
                to="/login"
                className="btn btn-primary btn-sm px-3 rounded-pill text-nowrap"
                data-testid="login-button"
              >
                <i className="bi bi-box-arrow-in-right me-1" aria-hidden="true" />
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
