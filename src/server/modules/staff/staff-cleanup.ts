import { lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { staffLoginChallenges, staffSessions } from '../../db/schema';
import type { Job } from '../../jobs/scheduler';

/** Ended staff sessions are kept this long (the staff list's "last seen"), then deleted. */
const KEEP_ENDED_SESSIONS_DAYS = 30;

/** Deletes sign-in tickets an hour after they expired, and staff sessions a month after they ended. */
export async function cleanStaffAuth(db: Db): Promise<number> {
  const tickets = await db
    .delete(staffLoginChallenges)
    .where(lt(staffLoginChallenges.expiresAt, sql`now() - interval '1 hour'`))
    .returning({ id: staffLoginChallenges.id });
  const keep = sql`now() - make_interval(days => ${KEEP_ENDED_SESSIONS_DAYS})`;
  const sessions = await db
    .delete(staffSessions)
    .where(or(lt(staffSessions.expiresAt, keep), lt(staffSessions.revokedAt, keep)))
    .returning({ id: staffSessions.id });
  return tickets.length + sessions.length;
}

export function staffCleanupJob(db: Db): Job {
  return { name: 'staff-auth-cleanup', everyMs: 3_600_000, run: () => cleanStaffAuth(db) };
}
