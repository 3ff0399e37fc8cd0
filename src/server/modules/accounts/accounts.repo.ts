import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { authTokens, type Photo, type Profile, photos, profiles, type User, users } from '../../db/schema';
import { hashToken, newToken } from '../../lib/tokens';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type AuthTokenKind = 'activation' | 'password_reset' | 'mail_change' | 'reactivate' | 'restriction';

export async function findUserByEmail(db: Db | Tx, email: string): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findUserWithProfile(
  db: Db | Tx,
  userId: number,
): Promise<{ user: User; profile: Profile } | undefined> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

export async function findMainPhoto(db: Db, userId: number): Promise<Photo | undefined> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isMain, true)))
    .limit(1);
  return row;
}

/** Creates a single-use token; only its hash is stored. Returns the token for the e-mailed link. */
export async function createAuthToken(
  tx: Db | Tx,
  userId: number,
  kind: AuthTokenKind,
  ttlMs: number,
  newEmail?: string,
): Promise<string> {
  const token = newToken();
  await tx
    .insert(authTokens)
    .values({ userId, kind, tokenHash: hashToken(token), newEmail, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

/**
 * Consumes a token of `kind` atomically: it must exist, be unused and unexpired. A second use finds nothing, even
 * when two requests race, because the UPDATE ... WHERE used_at IS NULL succeeds once.
 */
export async function consumeAuthToken(tx: Db | Tx, token: string, kind: string) {
  const [row] = await tx
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row;
}

/** The token row whatever its state (for telling 'already used' apart from 'never existed'). */
export async function findAuthToken(db: Db, token: string, kind: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.tokenHash, hashToken(token)), eq(authTokens.kind, kind)))
    .limit(1);
  return row;
}

/** Tokens of a kind sent to a member since `since` (rate limits on mails). */
export async function countTokensSince(db: Db, userId: number, kind: string, since: Date): Promise<number> {
  const rows = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), gt(authTokens.createdAt, since)));
  return Number(rows[0]?.n ?? 0);
}

/**
 * Invalidates the unused tokens of a kind, or of several kinds (a new mail replaces the old link; a new password
 * ends the links mailed before it).
 */
export async function expireTokens(
  tx: Db | Tx,
  userId: number,
  kind: AuthTokenKind | readonly AuthTokenKind[],
): Promise<void> {
  const kinds = typeof kind === 'string' ? [kind] : [...kind];
  await tx
    .update(authTokens)
    .set({ expiresAt: sql`least(${authTokens.expiresAt}, now())` })
    .where(and(eq(authTokens.userId, userId), inArray(authTokens.kind, kinds), isNull(authTokens.usedAt)));
}

/** True for a unique-index violation (SQLSTATE 23505) on `constraint` (any when omitted), from either driver. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint: name } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return constraint === undefined || name === undefined || name === constraint;
  }
  return false;
}

export async function latestToken(db: Db, userId: number, kind: string) {
  const [row] = await db
    .select()
    .from(authTokens)
    .where(and(eq(authTokens.userId, userId), eq(authTokens.kind, kind)))
    .orderBy(desc(authTokens.createdAt))
    .limit(1);
  return row;
}
