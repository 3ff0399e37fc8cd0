import { STAFF_ROLES, type StaffRole } from '../../shared/schemas/admin-staff';

export type { StaffRole };

/** True when `role` may use something that needs at least `minRole` (roles weakest first: an admin may do all). */
export function roleAllows(role: StaffRole | undefined, minRole: StaffRole): boolean {
  if (!role) return false;
  return STAFF_ROLES.indexOf(role) >= STAFF_ROLES.indexOf(minRole);
}
