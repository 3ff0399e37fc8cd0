import { LRUCache } from 'lru-cache';
import type { Photo, Site } from '../../db/schema';
import type { EventBus } from '../../lib/event-bus';
import type { SessionWithUser } from './sessions.repo';

/** What the cache keeps of a session: the lookup's row, and the main photo once a call has read it. */
export interface CachedSession {
  found: SessionWithUser;
  /** the cache key */
  tokenHash: string;
  /** undefined: not read yet; null: the member has no main photo. */
  mainPhoto?: Photo | null;
  /** GET user.php's answer for this session on this site, made once (auth.routes.ts). */
  userBytes?: { site: Site; bytes: Buffer };
}

/** The bus channel on which instances announce that a member's sessions, account or profile changed. */
export const MEMBER_CHANGED = 'member-changed';

/**
 * The bus channel on which instances announce sessions that ended (logout, password change or reset, account
 * deletion, "log out everywhere else"): every instance drops the member's cached sessions and closes the live
 * sockets of exactly these sessions (modules/live). Ids of the sessions table, never tokens or their hashes.
 */
export const SESSIONS_REVOKED = 'sessions-revoked';

export interface RevokedSessions {
  userId: number;
  sessionIds: number[];
}

/** A revocation as it arrives from the bus (from another instance, so checked), or undefined. */
export function parseRevokedSessions(payload: unknown): RevokedSessions | undefined {
  if (typeof payload !== 'object' || payload === null) return undefined;
  const { userId, sessionIds } = payload as Partial<RevokedSessions>;
  if (!Number.isSafeInteger(userId) || !Array.isArray(sessionIds)) return undefined;
  if (!sessionIds.every((id) => Number.isSafeInteger(id))) return undefined;
  return { userId: userId as number, sessionIds };
}

/**
 * A short-lived per-instance cache of session lookups (token hash -> session with account and profile), so that a
 * signed-in request does not query the database just to know who is asking. It is correct because every change is
 * announced: `invalidateMember` drops a member's entries on this instance at once and, through the event bus
 * (Redis pub/sub when configured), on every other instance. Logout, password change, reset, deletion and every
 * state-changing request of the member announce it (plugins/session.ts); the TTL bounds what a missed
 * announcement could leave stale. A TTL of 0 turns the cache off. Ended sessions are announced on their own channel
 * (`revoked`, SESSIONS_REVOKED), which the live sockets follow too.
 */
export class SessionCache {
  private readonly entries: LRUCache<string, CachedSession> | undefined;
  /** member id -> token hashes cached for that member (so a member's entries can be dropped without a scan). */
  private readonly byMember = new Map<number, Set<string>>();
  private readonly unsubscribe: () => void;
  /** Counts invalidations; `changedAt` holds the count at each member's latest one. */
  private sequence = 0;
  private readonly changedAt = new Map<number, number>();

  constructor(
    ttlMs: number,
    private readonly bus: EventBus,
    max = 50_000,
  ) {
    this.entries =
      ttlMs > 0
        ? new LRUCache<string, CachedSession>({
            max,
            ttl: ttlMs,
            ttlAutopurge: false,
            dispose: (value, key) => this.forget(value.found.user.id, key),
          })
        : undefined;
    const offChanged = bus.subscribe(MEMBER_CHANGED, (payload) => {
      if (typeof payload === 'number') this.dropLocal(payload);
    });
    const offRevoked = bus.subscribe(SESSIONS_REVOKED, (payload) => {
      const revoked = parseRevokedSessions(payload);
      if (revoked) this.dropLocal(revoked.userId);
    });
    this.unsubscribe = () => {
      offChanged();
      offRevoked();
    };
  }

  get enabled(): boolean {
    return this.entries !== undefined;
  }

  get(tokenHash: string): CachedSession | undefined {
    return this.entries?.get(tokenHash);
  }

  /** Taken before a lookup reads the database, and given to `set` with its result. */
  mark(): number {
    return this.sequence;
  }

  /**
   * Caches a lookup's result, unless the member changed while it was being read (`markedAt`, from `mark`): a
   * lookup that raced a change must not put the old state back for a whole TTL.
   */
  set(tokenHash: string, found: SessionWithUser, markedAt: number): CachedSession {
    const entry: CachedSession = { found, tokenHash };
    if (!this.entries) return entry;
    if ((this.changedAt.get(found.user.id) ?? -1) > markedAt) return entry;
    this.store(entry);
    return entry;
  }

  /**
   * For a member's own state-changing request that knows exactly what it changed in its session (a chat message:
   * the credits). The change is announced as by `invalidateMember` (every entry of the member dropped here and on
   * every instance), then this instance keeps the request's entry, updated by `update`, for what was left of its
   * lifetime: the next request of the member does not read its session again, and the TTL still bounds what a
   * missed announcement could leave stale. Nothing is kept unless the request's entry is still the one cached:
   * any announced change of the member since it was cached dropped it (the entry may predate that change), and so
   * did its expiry.
   */
  invalidateMemberKeeping(entry: CachedSession, update: (found: SessionWithUser) => SessionWithUser): void {
    const userId = entry.found.user.id;
    const current = this.entries?.peek(entry.tokenHash) === entry;
    const ttl = current ? this.entries!.getRemainingTTL(entry.tokenHash) : 0;
    this.invalidateMember(userId);
    if (ttl <= 0 || !Number.isFinite(ttl)) return;
    const found = update(entry.found);
    if (found.user.id !== userId) throw new Error('a session update must keep the member');
    // userBytes (GET user.php's answer) is made again from the updated row. The main photo is kept: not for changes
    // of photos.
    this.store({ found, tokenHash: entry.tokenHash, mainPhoto: entry.mainPhoto }, ttl);
  }

  private store(entry: CachedSession, ttl?: number): void {
    const { tokenHash, found } = entry;
    this.entries!.set(tokenHash, entry, ttl === undefined ? undefined : { ttl });
    const id = found.user.id;
    let hashes = this.byMember.get(id);
    if (!hashes) {
      hashes = new Set();
      this.byMember.set(id, hashes);
    }
    hashes.add(tokenHash);
  }

  /** Drops the member's cached sessions here and on every other instance. */
  invalidateMember(userId: number): void {
    this.dropLocal(userId);
    this.bus.publish(MEMBER_CHANGED, userId);
  }

  /**
   * Announces sessions the database has just revoked (after the commit): every instance, this one at once, drops
   * the member's cached sessions and closes the sessions' live sockets (SESSIONS_REVOKED).
   */
  revoked(userId: number, sessionIds: readonly number[]): void {
    if (sessionIds.length === 0) return;
    this.dropLocal(userId);
    this.bus.publish(SESSIONS_REVOKED, { userId, sessionIds: [...sessionIds] } satisfies RevokedSessions);
  }

  close(): void {
    this.unsubscribe();
    this.entries?.clear();
  }

  private dropLocal(userId: number): void {
    this.sequence++;
    if (this.changedAt.size >= 100_000) {
      // Bounded memory: forgetting who changed when is safe if everything cached is dropped with it.
      this.changedAt.clear();
      this.byMember.clear();
      this.entries?.clear();
    }
    this.changedAt.set(userId, this.sequence);
    const hashes = this.byMember.get(userId);
    if (!hashes || !this.entries) return;
    this.byMember.delete(userId);
    for (const hash of hashes) this.entries.delete(hash);
  }

  private forget(userId: number, tokenHash: string): void {
    const hashes = this.byMember.get(userId);
    if (!hashes) return;
    hashes.delete(tokenHash);
    if (hashes.size === 0) this.byMember.delete(userId);
  }
}
