import { and, desc, eq, type SQL } from 'drizzle-orm';
import { STAFF_RULES } from '../../../shared/rules';
import type { AuditEntry, AuditQuery, AuditResponse } from '../../../shared/schemas/admin-staff';
import type { Db } from '../../db/client';
import { staffAccounts, staffAuditLog } from '../../db/schema';

const PAGE_SIZE = STAFF_RULES.audit.pageSize;

/**
 * The audit log, newest first, one page, filtered by staff member, action, target type and target id. `ownOnly`
 * (a moderator) restricts it to that staff member's own actions whatever the filter asks.
 */
export async function readAuditLog(db: Db, query: AuditQuery, ownOnly?: number): Promise<AuditResponse> {
  const where: (SQL | undefined)[] = [
    ownOnly !== undefined ? eq(staffAuditLog.staffId, ownOnly) : undefined,
    query.staff_id !== undefined ? eq(staffAuditLog.staffId, query.staff_id) : undefined,
    query.action ? eq(staffAuditLog.action, query.action) : undefined,
    query.target_type ? eq(staffAuditLog.targetType, query.target_type) : undefined,
    query.target_id ? eq(staffAuditLog.targetId, query.target_id) : undefined,
  ];
  const rows = await db
    .select({ entry: staffAuditLog, name: staffAccounts.name, email: staffAccounts.email })
    .from(staffAuditLog)
    .innerJoin(staffAccounts, eq(staffAccounts.id, staffAuditLog.staffId))
    .where(and(...where))
    .orderBy(desc(staffAuditLog.id))
    .limit(PAGE_SIZE + 1)
    .offset((query.page - 1) * PAGE_SIZE);
  const entries: AuditEntry[] = rows.slice(0, PAGE_SIZE).map(({ entry, name, email }) => ({
    id: entry.id,
    staff: { id: entry.staffId, name, email },
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    site_id: entry.siteId,
    before: entry.before ?? null,
    after: entry.after ?? null,
    created_at: entry.createdAt.toISOString(),
  }));
  return { entries, page: query.page, page_size: PAGE_SIZE, has_more: rows.length > PAGE_SIZE };
}
