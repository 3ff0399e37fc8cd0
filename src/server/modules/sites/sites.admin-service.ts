import { asc, eq } from 'drizzle-orm';
import type { AdminCompanyInput, AdminSiteInput } from '../../../shared/schemas/admin-sites';
import type { Db } from '../../db/client';
import { type Company, companies, type Site, sites } from '../../db/schema';
import { fieldError, notFound } from '../../lib/app-error';
import type { Tx } from '../accounts/accounts.repo';
import { refreshSiteCams } from '../cams/cams-searchable';
import { announceListingChange } from '../search/search.cache';
import { recordStaffAction } from '../staff/staff-audit';
import { companyValues, presentAdminCompany, presentAdminSite, siteValues } from './sites.admin-presenter';

/**
 * The staff console's sites and companies (issue 22, point 7). Every change is written with its audit row in one
 * transaction; the caller announces it on the bus after the commit (announceSitesChanged), so every instance
 * reloads the site at once.
 */

export async function listSitesAndCompanies(db: Db): Promise<{ sites: Site[]; companies: Company[] }> {
  const [siteRows, companyRows] = await Promise.all([
    db.select().from(sites).orderBy(asc(sites.id)),
    db.select().from(companies).orderBy(asc(companies.id)),
  ]);
  return { sites: siteRows, companies: companyRows };
}

async function assertCompany(tx: Tx, companyId: number): Promise<void> {
  const [row] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!row) throw fieldError(400, 'validation_failed', 'company_id', 'validation.admin.company_unknown');
}

async function assertDomainFree(tx: Tx, domain: string, exceptId: number | null): Promise<void> {
  const [row] = await tx.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain));
  if (row && row.id !== exceptId) throw domainTaken();
}

const domainTaken = () => fieldError(409, 'site_domain_taken', 'domain', 'validation.admin.domain_taken');

export async function createSite(db: Db, staffId: number, input: AdminSiteInput): Promise<Site> {
  return db.transaction(async (tx) => {
    await assertCompany(tx, input.company_id);
    await assertDomainFree(tx, input.domain, null);
    const [row] = await tx
      .insert(sites)
      // minimum_message_costs is no longer read (issue 27): new sites store it empty.
      .values({ ...siteValues(input), minimumMessageCosts: {} })
      .onConflictDoNothing({ target: sites.domain })
      .returning();
    if (!row) throw domainTaken();
    await recordStaffAction(tx, staffId, {
      action: 'site.create',
      targetType: 'site',
      targetId: String(row.id),
      before: null,
      after: presentAdminSite(row),
      siteId: row.id,
    });
    return row;
  });
}

/**
 * Saves every setting of a site. The site the console is used on keeps its domain: renaming it would end the
 * staff session on that host and answer "not part of our network" to everybody on it until DNS follows.
 */
export async function updateSite(
  db: Db,
  staffId: number,
  id: number,
  input: AdminSiteInput,
  consoleSiteId: number | null,
): Promise<Site> {
  let camsMoved = false;
  const saved = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
    if (!before) throw notFound();
    if (id === consoleSiteId && input.domain !== before.domain)
      throw fieldError(409, 'site_domain_in_use', 'domain', 'validation.admin.domain_current_site');
    await assertCompany(tx, input.company_id);
    await assertDomainFree(tx, input.domain, id);
    const [after] = await tx.update(sites).set(siteValues(input)).where(eq(sites.id, id)).returning();
    // cams_in_search changed: the site's cam and resell profiles join or leave the member search in this transaction.
    camsMoved = before.camsInSearch !== after!.camsInSearch;
    if (camsMoved) await refreshSiteCams(tx, id);
    await recordStaffAction(tx, staffId, {
      action: 'site.update',
      targetType: 'site',
      targetId: String(id),
      before: presentAdminSite(before),
      after: presentAdminSite(after!),
      siteId: id,
    });
    return after!;
  });
  if (camsMoved) announceListingChange();
  return saved;
}

export async function createCompany(db: Db, staffId: number, input: AdminCompanyInput): Promise<Company> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(companies).values(companyValues(input)).returning();
    await recordStaffAction(tx, staffId, {
      action: 'company.create',
      targetType: 'company',
      targetId: String(row!.id),
      before: null,
      after: presentAdminCompany(row!),
      siteId: null,
    });
    return row!;
  });
}

export async function updateCompany(
  db: Db,
  staffId: number,
  id: number,
  input: AdminCompanyInput,
): Promise<Company> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
    if (!before) throw notFound();
    const [after] = await tx
      .update(companies)
      .set(companyValues(input))
      .where(eq(companies.id, id))
      .returning();
    await recordStaffAction(tx, staffId, {
      action: 'company.update',
      targetType: 'company',
      targetId: String(id),
      before: presentAdminCompany(before),
      after: presentAdminCompany(after!),
      siteId: null,
    });
    return after!;
  });
}
