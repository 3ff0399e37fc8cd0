import { SAFETY_RULES } from '../../../shared/rules';
import type { VisitorsResponse } from '../../../shared/schemas/visits';
import type { Db } from '../../db/client';
import { type CardSite, cardOptions, presentProfileCard } from '../member-profile/member-profile.presenter';
import { countVisitors, findVisitors } from './visits.repo';

/**
 * Who viewed me (issue 21, point 3). The server decides what the viewer may see: premium members (who paid) get the
 * visitors' cards; free members only how many visited (their answer carries no ids, names or photos: the screen
 * shows that many blurred cards, up to RULES.visits.blurredCardsMax, and offers premium).
 */
export async function listVisitors(
  db: Db,
  viewer: { id: number; paidUser: boolean; leaveVisits: boolean },
  page: number,
  site: CardSite,
): Promise<VisitorsResponse> {
  const { keepDays, pageSize } = SAFETY_RULES.visits;
  const count = await countVisitors(db, viewer.id, keepDays);
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const base = { count, premium: viewer.paidUser, page, pages, leave_visits: viewer.leaveVisits };
  if (!viewer.paidUser || count === 0) return { ...base, items: [] };
  const rows = await findVisitors(db, viewer.id, {
    keepDays,
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  const opts = cardOptions(site);
  const now = new Date();
  return {
    ...base,
    items: rows.map((r) => ({ ...presentProfileCard(r, opts, now), visited_at: r.visitedAt })),
  };
}
