import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invalidateSearchCaches } from '../search/search.cache';

/**
 * The one rule of who is listed in the member search: profiles.searchable is true exactly when the account is
 * active, the profile is active and it is not invisible. Call this (in the same transaction) wherever one of those
 * facts changes: users.status, profiles.status, profiles.invisible. Also copies users.last_active_at, so a profile
 * inserted directly is in step with its account.
 */
export async function refreshSearchable(tx: Pick<Db, 'execute'>, userId: number): Promise<void> {
  await tx.execute(sql`
    update profiles p
    set searchable = (u.status = 'active' and p.status = 'active' and not p.invisible),
        last_active_at = u.last_active_at
    from users u
    where u.id = p.user_id and p.user_id = ${userId}`);
  invalidateSearchCaches();
}
