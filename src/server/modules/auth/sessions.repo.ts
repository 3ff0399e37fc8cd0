import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Profile, profiles, type Session, sessions, type User, users } from '../../db/schema';

export interface SessionWithUser {
  session: Session;
  user: User;
  profile: Profile;
}

/**
 * The session of a token with its account and profile: run on every signed-in request, so it is a prepared
 * statement per database (built once, planned once per connection).
 */
const findActiveSessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindActiveSession>>();

function prepareFindActiveSession(db: Db) {
  return db
    .select({ session: sessions, user: users, profile: profiles })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('find_active_session');
}

export async function findActiveSession(db: Db, tokenHash: string): Promise<SessionWithUser | undefined> {
  let query = findActiveSessionQueries.get(db);
  if (!query) {
    query = prepareFindActiveSession(db);
    findActiveSessionQueries.set(db, query);
  }
  const rows = await query.execute({ tokenHash });
  return rows[0];
}

export async function insertSession(
  db: Pick<Db, 'insert'>,
  values: { userId: number; tokenHash: string; userAgent: string; country: string | null; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function touchSession(db: Db, id: number): Promise<void> {
  await db.update(sessions).set({ lastSeenAt: new Date() }).where(eq(sessions.id, id));
  await db.execute(
    sql`update users set last_active_at = now() from sessions where sessions.id = ${id} and users.id = sessions.user_id`,
  );
  // The copy the member search orders by (profiles.last_active_at, see members/searchable.ts).
  await db.execute(
    sql`update profiles set last_active_at = now() from sessions where sessions.id = ${id} and profiles.user_id = sessions.user_id`,
  );
}

export async function revokeSession(db: Pick<Db, 'update'>, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/** Revokes every session of a member, except `keepId` when given. */
export async function revokeAllSessions(
  db: Pick<Db, 'update'>,
  userId: number,
  keepId?: number,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    );
}

export async function listActiveSessions(db: Db, userId: number): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
}
