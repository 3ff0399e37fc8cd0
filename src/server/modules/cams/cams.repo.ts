import { type SQL, sql } from 'drizzle-orm';
import type { CamKind } from '../../../shared/schemas/profile-kind';
import type { Db } from '../../db/client';
import { type CardRow, cardRowOf, cardSqlColumns, type RawCardRow } from '../members/profile-card.query';

/**
 * The cam section (/cams) of a site: two sources, one list (docs/decisions.md "Cam section").
 *
 * 1. Profiles the staff keep with kind 'cam' (performers of the companion cam section) or 'resell' (members of a
 *    partner outside this installation, added by staff): those of the site's niche, shown like any listed profile
 *    (account active and not restricted, profile active and visible).
 * 2. Resell candidates of the network: members of OTHER sites whose site has member_resell on, who agreed
 *    (users.resell_consent_at) and who are listed in their own site's search (profiles.searchable: active, visible,
 *    not banned, suspended or hidden), of another niche than this site (members of this niche are members here
 *    already). Shown here as 'resell'. The consent and the setting are read on every request, so withdrawing either
 *    removes the member at once.
 *
 * Neither ever lists the viewer, nor members blocked either way.
 */

export interface CamSite {
  id: number;
  niche: number;
}

export interface CamRow extends CardRow {
  kind: CamKind;
}

interface RawCamRow extends RawCardRow {
  cam_kind: CamKind;
}

/** A profile the staff keep, as listed: account active and not restricted, profile active and visible. */
const keptListed = sql`u.status = 'active' and p.status = 'active' and not p.invisible
  and u.banned_at is null and u.suspended_until is null and u.hidden_until is null`;

function notBlocked(viewerId: number | null): SQL {
  if (viewerId === null) return sql`true`;
  return sql`p.user_id <> ${viewerId}
    and not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = p.user_id)
    and not exists (select 1 from blocks b where b.blocker_id = p.user_id and b.blocked_id = ${viewerId})`;
}

/** The network's resell candidates for a partner site (source 2), as a condition on `p` and `u`. */
export function resellCandidate(site: CamSite): SQL {
  return sql`p.kind = 'member' and p.searchable and u.resell_consent_at is not null
    and u.site_id <> ${site.id} and p.niche <> ${site.niche}
    and exists (select 1 from sites rs where rs.id = u.site_id and rs.member_resell)`;
}

/** One page of the cam section, most recently active first. */
export async function findCamsPage(
  db: Db,
  site: CamSite,
  viewerId: number | null,
  page: { limit: number; offset: number },
): Promise<CamRow[]> {
  const result = await db.execute(sql`
    select ${cardSqlColumns}, c.cam_kind
    from (
      select p.user_id, p.last_active_at, p.kind as cam_kind
      from profiles p join users u on u.id = p.user_id
      where p.kind in ('cam', 'resell') and p.niche = ${site.niche} and ${keptListed} and ${notBlocked(viewerId)}
      union all
      select p.user_id, p.last_active_at, 'resell' as cam_kind
      from users u join profiles p on p.user_id = u.id
      where u.resell_consent_at is not null and ${resellCandidate(site)} and ${notBlocked(viewerId)}
    ) c
    join profiles p on p.user_id = c.user_id
    left join photos ph on ph.user_id = p.user_id and ph.is_main and ph.status = 'active' and not ph.is_private
    order by c.last_active_at desc, c.user_id
    limit ${page.limit} offset ${page.offset}`);
  return (result as unknown as { rows: RawCamRow[] }).rows.map((r) => ({
    ...cardRowOf(r),
    kind: r.cam_kind,
  }));
}

/**
 * How a member is shown to a viewer on `site`: 'resell' when the member is a resell candidate for it (their own
 * kind otherwise). The member page uses this to mark a partner site's member as such.
 */
export async function isResellCandidateFor(db: Db, site: CamSite, memberId: number): Promise<boolean> {
  const result = await db.execute(sql`
    select 1 from users u join profiles p on p.user_id = u.id
    where u.id = ${memberId} and ${resellCandidate(site)}`);
  return (result as unknown as { rows: unknown[] }).rows.length > 0;
}

/** The member's consent to appear on partner sites, and whether their site allows it at all. */
export async function findResellConsent(
  db: Db,
  userId: number,
): Promise<{ consent: boolean; available: boolean } | undefined> {
  const result = await db.execute(sql`
    select u.resell_consent_at is not null as consent, s.member_resell as available
    from users u join sites s on s.id = u.site_id where u.id = ${userId}`);
  return (result as unknown as { rows: { consent: boolean; available: boolean }[] }).rows[0];
}

/** Gives (now) or withdraws the consent; a consent already given keeps its time. */
export async function setResellConsent(db: Db, userId: number, consent: boolean): Promise<void> {
  await db.execute(
    consent
      ? sql`update users set resell_consent_at = coalesce(resell_consent_at, now()) where id = ${userId}`
      : sql`update users set resell_consent_at = null where id = ${userId}`,
  );
}
