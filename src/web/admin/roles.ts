/** Staff roles, weakest first: an admin may do everything a moderator may (issue 22). */
export const STAFF_ROLES = ['moderator', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** True when `role` may use something that needs at least `minRole`. */
export function roleAllows(role: StaffRole | undefined, minRole: StaffRole): boolean {
  if (!role) return false;
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(minRole);
}
