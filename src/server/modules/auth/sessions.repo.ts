import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, type Profile, profiles, type Session, sessions, type User, users } from '../../db/schema';

export interface SessionWithUser {
  session: Session;
  user: User;
  profile: Profile;
  /**
   * Whether the member has blocked anyone or is blocked by anyone, as of the start of the request: the member search
   * shares answers only with members who have no blocks (two index probes here save it a query).
   */
  hasBlocks: boolean;
}

/**
 * The session of a token with its account and profile: run on every signed-in request, so it is a prepared
 * statement per database (built once, planned once per connection).
 */
const findActiveSessionQueries = new WeakMap<Db, ReturnType<typeof prepareFindActiveSession>>();

function prepareFindActiveSession(db: Db) {
  return db
    .select({
      session: sessions,
      user: users,
      profile: profiles,
      hasBlocks: sql<boolean>`(exists (select 1 from ${blocks} where ${blocks.blockerId} = ${users.id})
        or exists (select 1 from ${blocks} where ${blocks.blockedId} = ${users.id}))`.mapWith(Boolean),
    })
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

/**
 * Marks a session and its member as active now, in one statement: the session, the account, and the copy the member
 * search orders by (profiles.last_active_at, see members/searchable.ts).
 */
export async function touchSession(db: Db, id: number): Promise<void> {
  await db.execute(sql`
    with s as (update sessions set last_seen_at = now() where id = ${id} returning user_id),
    u as (update users set last_active_at = now() from s where users.id = s.user_id returning users.id)
    update profiles set last_active_at = now() from s where profiles.user_id = s.user_id`);
}

export async function revokeSession(db: Pick<Db, 'update'>, id: number, userId: number): Promise<boolean> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, id), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length > 0;
}

/**
 * Revokes every session of a member, except `keepId` when given. Returns the ids revoked, for the announcement that
 * ends them on every instance (SessionCache.revoked: cached lookups, live sockets).
 */
export async function revokeAllSessions(
  db: Pick<Db, 'update'>,
  userId: number,
  keepId?: number,
): Promise<number[]> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keepId ? ne(sessions.id, keepId) : undefined,
      ),
    )
    .returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * Which of these sessions are still valid (not revoked, not expired, the account not deleted): the live sockets'
 * periodic check (modules/live), a safety net for an announcement that never arrived.
 */
export async function findValidSessionIds(db: Db, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        inArray(sessions.id, ids),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
        ne(users.status, 'deleted'),
      ),
    );
  return rows.map((r) => r.id);
}

export async function listActiveSessions(db: Db, userId: number): Promise<Session[]> {
  return db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(50);
}
