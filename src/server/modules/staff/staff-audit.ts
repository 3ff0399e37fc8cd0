import type { Db } from '../../db/client';
import { staffAuditLog } from '../../db/schema';

/** What a staff action changed: `before` / `after` are small JSON snapshots of the fields it touched. */
export interface StaffAction {
  /** `<area>.<verb>`: 'photo.approve', 'member.credits.adjust', 'staff.role.change' … */
  action: string;
  /** what kind of thing it acted on: 'photo', 'member', 'staff', 'site' … */
  targetType: string;
  targetId?: string | number | null;
  before?: unknown;
  after?: unknown;
  siteId?: number | null;
}

/**
 * Writes one row of the staff audit log. Call it for every staff action that changes something, with the same
 * transaction as the change (so the row exists exactly when the change does). The table is append-only in the
 * database: nobody, staff or code, can edit or delete a row (migration 0026).
 */
export async function recordStaffAction(
  db: Pick<Db, 'insert'>,
  staffId: number,
  entry: StaffAction,
): Promise<void> {
  await db.insert(staffAuditLog).values({
    staffId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId === undefined || entry.targetId === null ? null : String(entry.targetId),
    siteId: entry.siteId ?? null,
    before: entry.before === undefined ? null : entry.before,
    after: entry.after === undefined ? null : entry.after,
  });
}
