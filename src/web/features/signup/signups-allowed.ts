import type { PublicSettings } from '../../../shared/schemas/sites';
import { signupsAllowed as allowedBy } from '../../../shared/visitor-access';
import { hasTrafficSource } from '../../lib/tracking';

/** Spec: signup is allowed when `signups` is 'all', or 'with_trafficsource' and a traffic source is present. */
export function signupsAllowed(
  settings: Pick<PublicSettings, 'signups'>,
  trafficSource: boolean = hasTrafficSource(),
): boolean {
  return allowedBy(settings.signups, trafficSource);
}
