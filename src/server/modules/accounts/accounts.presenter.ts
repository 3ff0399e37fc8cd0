import type { CurrentUser } from '../../../shared/schemas/accounts';
import type { Photo, Profile, Site, User } from '../../db/schema';
import { presentPhotoUrls } from '../photos/photos.presenter';

/** The signed-in member as the user call gives it (spec section 3); only ever sent to that member. */
export function presentCurrentUser(
  user: User,
  profile: Profile,
  mainPhoto: Photo | undefined,
  site: Site,
): CurrentUser {
  return {
    id: user.id,
    email: user.email,
    profile: {
      id: profile.userId,
      name: profile.name,
      main_image: mainPhoto ? presentPhotoUrls(site.cdnPrefix, mainPhoto.storageKey, mainPhoto.status) : null,
      country: profile.country,
      status: profile.status,
    },
    credits: user.credits,
    paid_user: user.paidUser,
    signup_date: user.signupDate.toISOString(),
    language: user.language,
    fictional_icon: site.fictionalIcon,
    status: user.status,
    notifications_disabled: user.notificationsDisabled,
    signup_step: user.signupStep,
  };
}
