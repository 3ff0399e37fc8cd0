import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { useRouteName } from '../../../app/route-name';
import { useBannerTurn } from '../../../components/ui/banner-slot';
import { useCurrentUser } from '../../auth/api/session';

/** Routes that are the signup itself: the prompt to finish it would only point at the page the member is on. */
const HIDDEN_ON: ReadonlySet<string> = new Set(['signup', 'members-id-signup', 'signup-matches']);

/** Hidden for the rest of this browser session once dismissed (it comes back in a new one). */
const DISMISSED_KEY = 'signup.finish_banner_dismissed';

/** Spec issue 27.12: a signed-in member who left the signup steps before the last, not on the signup itself. */
export function shouldShowFinishSignupBanner(
  user: CurrentUser | null | undefined,
  routeName: string,
  dismissed: boolean,
): boolean {
  return Boolean(user?.signup_step) && !dismissed && !HIDDEN_ON.has(routeName);
}

function dismissedThisSession(): boolean {
  try {
    return sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** 'Your profile is almost ready', with a link back to the signup step the member left. */
export function FinishSignupBanner() {
  const { t } = useTranslation('auth');
  const user = useCurrentUser();
  const routeName = useRouteName();
  const [dismissed, setDismissed] = useState(dismissedThisSession);
  const turn = useBannerTurn('finish-signup', shouldShowFinishSignupBanner(user, routeName, dismissed));
  if (!turn) return null;
  return (
    <div
      className="finish-signup-banner alert alert-primary rounded-0 border-0 mb-0 py-2"
      role="status"
      data-testid="finish-signup-banner"
    >
      <div className="container-lg d-flex align-items-center gap-2 small">
        <i className="bi bi-person-check fs-5" aria-hidden="true" />
        <span className="flex-grow-1">
          {t('signup.finish_banner.text')}{' '}
          <Link to="/signup" className="fw-semibold link-dark" data-testid="finish-signup-link">
            {t('signup.finish_banner.link')}
          </Link>
        </span>
        <button
          type="button"
          className="btn-close"
          aria-label={t('signup.finish_banner.dismiss')}
          onClick={() => {
            try {
              sessionStorage.setItem(DISMISSED_KEY, '1');
            } catch {
              /* storage unavailable: hidden until the next page load */
            }
            setDismissed(true);
          }}
          data-testid="finish-signup-dismiss"
        />
      </div>
    </div>
  );
}
