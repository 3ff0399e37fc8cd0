import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { shiftLikeCounts } from '../likes/likes.repo';
import { invalidateSearchCaches } from '../search/search.cache';

/**
 * The one rule of who is listed in the member search: profiles.searchable is true exactly when the account is
 * active, the profile is active and it is not invisible, and no moderation decision restricts the member (banned,
 * suspended or hidden: users.banned_at, suspended_until, hidden_until, modules/decisions). Call this (in the same
 * transaction) wherever one of those facts changes: users.status, profiles.status, profiles.invisible, the
 * restrictions. Also copies users.last_active_at, so a profile
 * inserted directly is in step with its account. Cam and resell profiles (profiles.kind) are listed only while their
 * site has cams_in_search on (modules/cams/cams-searchable.ts refreshes them when the setting changes).
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
      set searchable = (u.status = 'active' and p.status = 'active' and not p.invisible
          and u.banned_at is null and u.suspended_until is null and u.hidden_until is null
          and (p.kind in ('member', 'fictional')
               or exists (select 1 from sites s where s.id = u.site_id and s.cams_in_search))),
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
