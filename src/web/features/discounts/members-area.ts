import { MEMBERS_AREA_ROUTES } from '../../../shared/routes';

/** The routes the default layout treats as the members area (spec): members, members-id, chats, likes, … */
export function isMembersArea(routeName: string): boolean {
  return (MEMBERS_AREA_ROUTES as readonly string[]).includes(routeName);
}
