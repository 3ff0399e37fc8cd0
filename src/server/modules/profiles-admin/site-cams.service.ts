import { asc, eq } from 'drizzle-orm';
import type { AdminSiteCams } from '../../../shared/schemas/admin-profiles';
import type { Db } from '../../db/client';
import { type Site, sites } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { refreshSiteCams } from '../cams/cams-searchable';
import { announceListingChange } from '../search/search.cache';
import { recordStaffAction } from '../staff/staff-audit';

const present = (s: Site): AdminSiteCams => ({
  id: s.id,
  domain: s.domain,
  name: s.name,
  niche: s.niche,
  member_resell: s.memberResell,
  cams_in_search: s.camsInSearch,
  fictional_icon: s.fictionalIcon,
});

/** The sites of the network with their cam-section settings. */
export async function listSiteCams(db: Db): Promise<AdminSiteCams[]> {
  return (await db.select().from(sites).orderBy(asc(sites.domain))).map(present);
}

/**
 * Switches cams_in_search of a site: its cam and resell profiles join or leave the member search, likes and matches
 * in the same transaction (cams-searchable.ts), audited as 'site.cams_in_search'.
 */
export async function setCamsInSearch(
  db: Db,
  staffId: number,
  id: number,
  on: boolean,
): Promise<AdminSiteCams> {
  const site = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
    if (!before) throw notFound();
    if (before.camsInSearch === on) return before;
    const [after] = await tx.update(sites).set({ camsInSearch: on }).where(eq(sites.id, id)).returning();
    await refreshSiteCams(tx, id);
    await recordStaffAction(tx, staffId, {
      action: 'site.cams_in_search',
      targetType: 'site',
      targetId: id,
      before: { cams_in_search: before.camsInSearch },
      after: { cams_in_search: on },
      siteId: id,
    });
    return after!;
  });
  announceListingChange();
  return present(site);
}
