import { BUILT_ROUTES } from '../../shared/built-routes';
import type { RouteName } from '../../shared/routes';

/** The route names that have a screen (one list with the server: src/shared/built-routes.ts). */
export { BUILT_ROUTES };

export const isBuilt = (name: RouteName) => BUILT_ROUTES.has(name);

/** Where a signed-in member lands: member search once it exists, else the settings page. */
export function memberHome(): string {
  if (isBuilt('members')) return '/members';
  return '/notifications';
}
