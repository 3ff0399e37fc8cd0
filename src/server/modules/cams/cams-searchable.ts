import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refreshSearchable } from '../members/searchable';

/**
 * After a site's cams_in_search changed (in the same transaction): its cam and resell profiles join or leave the
 * member search, likes and matches (members/searchable.ts reads the setting). The sites console calls this.
 */
export async function refreshSiteCams(tx: Pick<Db, 'execute'>, siteId: number): Promise<number> {
  const result = await tx.execute(sql`
    select p.user_id as id from profiles p join users u on u.id = p.user_id
    where u.site_id = ${siteId} and p.kind in ('cam', 'resell')
    order by p.user_id`);
  const ids = (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
  for (const id of ids) await refreshSearchable(tx, id);
  return ids.length;
}
