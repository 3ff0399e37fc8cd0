import type { PublicSettings } from '../../../shared/schemas/sites';
import { hasTrafficSource } from '../../lib/tracking';

/** Spec: signup is allowed when `signups` is 'all', or 'with_trafficsource' and a traffic source is present. */
export function signupsAllowed(
  settings: Pick<PublicSettings, 'signups'>,
  trafficSource: boolean = hasTrafficSource(),
): boolean {
  if (settings.signups === 'all') return true;
  if (settings.signups === 'with_trafficsource') return trafficSource;
  return false;
}
