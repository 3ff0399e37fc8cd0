import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { staffLoginChallenges, staffSessions } from '../../db/schema';
import { createStaff, signInAs, staffPasswordStep } from '../../test/staff';
import type { TestContext } from '../../test/test-app';
import { withTestSite } from '../../test/test-app';
import { cleanStaffAuth } from './staff-cleanup';

let ctx: TestContext;
withTestSite((c) => {
  ctx = c;
});

describe('staff sign-in cleanup', () => {
  it('deletes expired tickets and long-ended sessions, keeps live ones', async () => {
    const staff = await createStaff(ctx.app, 'moderator');
    const db = ctx.database.db;
    await signInAs(ctx.app, staff, -1);
    await signInAs(ctx.app, staff, 0);
    await staffPasswordStep(ctx.app, staff);
    await staffPasswordStep(ctx.app, staff);
    const sessions = await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id));
    const tickets = await db
      .select()
      .from(staffLoginChallenges)
      .where(eq(staffLoginChallenges.staffId, staff.id));
    expect(sessions).toHaveLength(2);
    expect(tickets.length).toBeGreaterThanOrEqual(4);
    const [oldSession] = sessions;
    const [oldTicket] = tickets;
    await db
      .update(staffSessions)
      .set({ revokedAt: sql`now() - interval '31 days'` })
      .where(eq(staffSessions.id, oldSession!.id));
    await db
      .update(staffLoginChallenges)
      .set({ expiresAt: sql`now() - interval '2 hours'` })
      .where(eq(staffLoginChallenges.id, oldTicket!.id));

    expect(await cleanStaffAuth(db)).toBeGreaterThanOrEqual(2);
    const left = await db.select().from(staffSessions).where(eq(staffSessions.staffId, staff.id));
    expect(left.map((s) => s.id)).toEqual([sessions[1]!.id]);
    const ticketsLeft = await db
      .select()
      .from(staffLoginChallenges)
      .where(eq(staffLoginChallenges.staffId, staff.id));
    expect(ticketsLeft.map((t) => t.id)).not.toContain(oldTicket!.id);
    expect(ticketsLeft).toHaveLength(tickets.length - 1);
  });
});
