import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Company, companies, type NewSite, type Site, sites } from '../../db/schema';

export interface SiteWithCompany {
  site: Site;
  company: Company;
}

export async function findSiteByDomain(db: Db, domain: string): Promise<SiteWithCompany | undefined> {
  const rows = await db
    .select({ site: sites, company: companies })
    .from(sites)
    .innerJoin(companies, eq(companies.id, sites.companyId))
    .where(eq(sites.domain, domain))
    .limit(1);
  return rows[0];
}

export async function countSites(db: Db): Promise<number> {
  const rows = await db.select({ id: sites.id }).from(sites).limit(1);
  return rows.length;
}

export async function insertCompany(db: Db, values: typeof companies.$inferInsert): Promise<Company> {
  const [row] = await db.insert(companies).values(values).returning();
  return row!;
}

export async function insertSite(db: Db, values: NewSite): Promise<Site> {
  const [row] = await db
    .insert(sites)
    .values(values)
    .onConflictDoNothing({ target: sites.domain })
    .returning();
  if (row) return row;
  const existing = await findSiteByDomain(db, values.domain);
  return existing!.site;
}
