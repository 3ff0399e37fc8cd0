import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CurrentUser } from '../../../../shared/schemas/accounts';
import { isBuilt } from '../../../app/built-routes';
import { useRouteName } from '../../../app/route-name';
import { useBannerTurn } from '../../../components/ui/banner-slot';
import { dismiss, dismissedAt } from '../../../lib/stored';
import { useCurrentUser } from '../../auth/api/session';

/** Routes on which the add-photo warning never shows (the profile page itself, signup and payment flows, settings). */
export const ADD_PHOTO_BANNER_HIDDEN_ROUTES: ReadonlySet<string> = new Set([
  'profile',
  'signup',
  'members-id-signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
]);

/** Spec: signed in, no main photo, not on one of the hidden routes, and not dismissed before. */
export function shouldShowAddPhotoBanner(
  user: CurrentUser | null | undefined,
  routeName: string,
  dismissed: boolean,
): boolean {
  if (!user || dismissed || ADD_PHOTO_BANNER_HIDDEN_ROUTES.has(routeName)) return false;
  return user.profile.main_image === null;
}

/** The add-profile-photo warning under the top bar, with a link to /profile; hiding it is remembered. */
export function AddPhotoBanner() {
  const { t } = useTranslation('profile');
  const user = useCurrentUser();
  const routeName = useRouteName();
  const [dismissed, setDismissed] = useState(() => dismissedAt('photo_alert') !== undefined);
  // The banner is only a way to the profile page: without that page there is nothing to offer.
  const turn = useBannerTurn(
    'add-photo',
    isBuilt('profile') && shouldShowAddPhotoBanner(user, routeName, dismissed),
  );
  if (!turn) return null;
  return (
    <div
      className="add-photo-banner alert alert-info rounded-0 border-0 mb-0 py-2"
      role="status"
      data-testid="add-photo-banner"
    >
      <div className="container-lg d-flex align-items-center gap-2 small">
        <i className="bi bi-camera fs-5" aria-hidden="true" />
        <span className="flex-grow-1">
          {t('banner.text')}{' '}
          <Link to="/profile" className="fw-semibold link-dark" data-testid="add-photo-banner-link">
            {t('banner.link')}
          </Link>
        </span>
        <button
          type="button"
          className="btn-close"
          aria-label={t('banner.dismiss')}
          onClick={() => {
            dismiss('photo_alert');
            setDismissed(true);
          }}
          data-testid="add-photo-banner-dismiss"
        />
      </div>
    </div>
  );
}
