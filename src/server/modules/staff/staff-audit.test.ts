import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { STAFF_RULES } from '../../../shared/rules';
import { staffAuditLog } from '../../db/schema';
import { signInStaffAs } from '../../test/staff';
import type { TestContext } from '../../test/test-app';
import { withTestSite } from '../../test/test-app';
import { recordStaffAction } from './staff-audit';

let ctx: TestContext;
withTestSite((c) => {
  ctx = c;
});

const audit = (headers: Record<string, string>, query = '') =>
  ctx.app.inject({ method: 'GET', url: `/api/admin/audit.php${query}`, headers });

describe('staff audit log', () => {
  it('keeps what recordStaffAction writes, and the database refuses to edit or delete a row', async () => {
    const { staff } = await signInStaffAs(ctx.app, 'moderator');
    const db = ctx.database.db;
    await db.transaction(async (tx) => {
      await recordStaffAction(tx, staff.id, {
        action: 'photo.approve',
        targetType: 'photo',
        targetId: 42,
        before: { status: 'pending' },
        after: { status: 'active' },
      });
    });
    const [row] = await db
      .select()
      .from(staffAuditLog)
      .where(eq(staffAuditLog.staffId, staff.id))
      .orderBy(sql`${staffAuditLog.id} desc`)
      .limit(1);
    expect(row).toMatchObject({
      action: 'photo.approve',
      targetType: 'photo',
      targetId: '42',
      before: { status: 'pending' },
      after: { status: 'active' },
    });
    const id = row?.id ?? 0;
    await expect(
      db.update(staffAuditLog).set({ action: 'nothing' }).where(eq(staffAuditLog.id, id)),
    ).rejects.toThrow();
    await expect(db.delete(staffAuditLog).where(eq(staffAuditLog.id, id))).rejects.toThrow();
    await expect(db.execute(sql`truncate staff_audit_log`)).rejects.toThrow();
    const [still] = await db.select().from(staffAuditLog).where(eq(staffAuditLog.id, id));
    expect(still?.action).toBe('photo.approve');
  });

  it('a change rolled back leaves no audit row (written in the same transaction)', async () => {
    const { staff } = await signInStaffAs(ctx.app, 'moderator');
    const action = `test.rollback.${randomBytes(4).toString('hex')}`;
    await expect(
      ctx.database.db.transaction(async (tx) => {
        await recordStaffAction(tx, staff.id, { action, targetType: 'test' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await ctx.database.db.select().from(staffAuditLog).where(eq(staffAuditLog.action, action));
    expect(rows).toHaveLength(0);
  });

  it('shows admins every entry with filters and pages; moderators only their own', async () => {
    const { staff: admin, headers: adminHeaders } = await signInStaffAs(ctx.app, 'admin');
    const { staff: mod, headers: modHeaders } = await signInStaffAs(ctx.app, 'moderator');
    const action = `test.filter.${randomBytes(4).toString('hex')}`;
    const n = STAFF_RULES.audit.pageSize + 2;
    for (let i = 0; i < n; i++)
      await recordStaffAction(ctx.database.db, admin.id, { action, targetType: 'member', targetId: i });
    await recordStaffAction(ctx.database.db, mod.id, { action, targetType: 'member', targetId: 'mine' });

    const page1 = await audit(adminHeaders, `?action=${action}`);
    expect(page1.statusCode).toBe(200);
    expect(page1.json()).toMatchObject({ page: 1, has_more: true });
    expect(page1.json().entries).toHaveLength(STAFF_RULES.audit.pageSize);
    expect(page1.json().entries[0]).toMatchObject({ action, target_id: 'mine', staff: { id: mod.id } });
    const page2 = await audit(adminHeaders, `?action=${action}&page=2`);
    expect(page2.json()).toMatchObject({ page: 2, has_more: false });
    expect(page2.json().entries).toHaveLength(n + 1 - STAFF_RULES.audit.pageSize);
    const one = await audit(adminHeaders, `?action=${action}&target_type=member&target_id=3`);
    expect(one.json().entries.map((e: { target_id: string }) => e.target_id)).toEqual(['3']);
    const byStaff = await audit(adminHeaders, `?action=${action}&staff_id=${mod.id}`);
    expect(byStaff.json().entries).toHaveLength(1);

    // a moderator: their own entries only, even when asking for someone else's
    const own = await audit(modHeaders, `?action=${action}`);
    expect(own.json().entries.map((e: { target_id: string }) => e.target_id)).toEqual(['mine']);
    const others = await audit(modHeaders, `?action=${action}&staff_id=${admin.id}`);
    expect(others.json().entries).toHaveLength(0);
    // sign-ins are in the log too
    const signIns = await audit(modHeaders, '?action=staff.sign_in');
    expect(signIns.json().entries[0]).toMatchObject({ staff: { id: mod.id }, target_id: String(mod.id) });
  });
});
