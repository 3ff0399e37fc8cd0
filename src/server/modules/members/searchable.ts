import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shiftLikeCounts } from '../likes/likes.repo';
import { invalidateSearchCaches } from '../search/search.cache';

/**
 * The one rule of who is listed in the member search: profiles.searchable is true exactly when the account is
 * active, the profile is active and it is not invisible. Call this (in the same transaction) wherever one of those
 * facts changes: users.status, profiles.status, profiles.invisible. Also copies users.last_active_at, so a profile
 * inserted directly is in step with its account.
 *
 * The likes lists show only listed members, and their counts (like_counts) follow: when the flag changes, the
 * member's likes start or stop counting for the other members (likes.repo shiftLikeCounts). The row lock comes
 * first: the likes, unlikes, blocks and "seen" counted by the old flag share-lock the row (likes.repo
 * countChanged), so they have all committed when the counts are shifted, in a statement that starts after; later
 * ones wait and count by the new flag.
 */
export async function refreshSearchable(tx: Pick<Db, 'execute'>, userId: number): Promise<void> {
  const [before] = rowsOf<{ searchable: boolean }>(
    await tx.execute(sql`select searchable from profiles where user_id = ${userId} for update`),
  );
  const [after] = rowsOf<{ searchable: boolean }>(
    await tx.execute(sql`
      update profiles p
      set searchable = (u.status = 'active' and p.status = 'active' and not p.invisible),
          last_active_at = u.last_active_at
      from users u
      where u.id = p.user_id and p.user_id = ${userId}
      returning p.searchable`),
  );
  if (before && after && before.searchable !== after.searchable)
    await shiftLikeCounts(tx, userId, after.searchable);
  invalidateSearchCaches();
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
