import type { StaffListItem, StaffRole } from '../../../shared/schemas/admin-staff';
import type { Db } from '../../db/client';
import type { StaffAccount } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { countOtherActiveAdmins, findStaffById, listStaff, updateStaffAccount } from './staff-accounts.repo';
import { recordStaffAction } from './staff-audit';
import { revokeStaffSessionsOf } from './staff-sessions.repo';

/** What the console shows of a staff account (never the password hash or the TOTP secret). */
export function presentStaff(account: StaffAccount, lastSeenAt: Date | null): StaffListItem {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role as StaffRole,
    status: account.status as 'active' | 'disabled',
    created_at: account.createdAt.toISOString(),
    last_seen_at: lastSeenAt?.toISOString() ?? null,
    invited_by: account.invitedBy,
  };
}

export async function staffList(db: Db): Promise<StaffListItem[]> {
  return (await listStaff(db)).map((r) => presentStaff(r.account, r.lastSeenAt));
}

export interface StaffChange {
  role?: StaffRole | undefined;
  status?: 'active' | 'disabled' | undefined;
}

/**
 * An admin changes another staff member's role or status. Nobody changes their own (no admin locks themselves
 * out by a slip), and the last active admin is never demoted or disabled (the check locks the admins' rows, so two
 * admins cannot demote each other at once). Disabling ends every session of theirs. Audited with before and after.
 */
export async function changeStaff(db: Db, actorId: number, targetId: number, change: StaffChange) {
  if (actorId === targetId) throw new AppError(409, 'staff_self_change');
  return db.transaction(async (tx) => {
    const before = await findStaffById(tx, targetId);
    if (!before) throw new AppError(404, 'not_found');
    const losesAdmin =
      before.role === 'admin' &&
      before.status === 'active' &&
      ((change.role !== undefined && change.role !== 'admin') || change.status === 'disabled');
    if (losesAdmin && (await countOtherActiveAdmins(tx, targetId)) === 0)
      throw new AppError(409, 'staff_last_admin');
    const set: StaffChange = {};
    if (change.role !== undefined) set.role = change.role;
    if (change.status !== undefined) set.status = change.status;
    const after = await updateStaffAccount(tx, targetId, set);
    if (!after) throw new AppError(404, 'not_found');
    const ended = change.status === 'disabled' ? await revokeStaffSessionsOf(tx, targetId) : 0;
    if (before.role !== after.role)
      await recordStaffAction(tx, actorId, {
        action: 'staff.role.change',
        targetType: 'staff',
        targetId,
        before: { role: before.role },
        after: { role: after.role },
      });
    if (before.status !== after.status)
      await recordStaffAction(tx, actorId, {
        action: after.status === 'disabled' ? 'staff.disable' : 'staff.enable',
        targetType: 'staff',
        targetId,
        before: { status: before.status },
        after: { status: after.status, sessions_ended: ended },
      });
    return presentStaff(after, null);
  });
}
