import { eq } from 'drizzle-orm';
import { discreetOn } from '../../../shared/rules';
import type { DiscreetState } from '../../../shared/schemas/consents';
import type { Db } from '../../db/client';
import { companies, sites, users } from '../../db/schema';

type Tx = Pick<Db, 'select'>;

/** What a site's payments show on bank statements: its billing descriptor, else the operating company's name. */
export function billingDescriptor(site: { billingDescriptor: string; companyName: string }): string {
  return site.billingDescriptor.trim() || site.companyName;
}

/** Discreet mode of a member (their choice, else their site's default, else by niche); false for an unknown one. */
export async function discreetState(tx: Tx, userId: number): Promise<DiscreetState> {
  const [row] = await tx
    .select({
      discreet: users.discreet,
      niche: sites.niche,
      discreetDefault: sites.discreetDefault,
      billingDescriptor: sites.billingDescriptor,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .innerJoin(companies, eq(companies.id, sites.companyId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return { discreet: false, chosen: false, site_default: false, billing_descriptor: '' };
  const site = { niche: row.niche, discreetDefault: row.discreetDefault };
  return {
    discreet: discreetOn(row.discreet, site),
    chosen: row.discreet !== null,
    site_default: discreetOn(null, site),
    billing_descriptor: billingDescriptor(row),
  };
}

export async function isDiscreet(tx: Tx, userId: number): Promise<boolean> {
  return (await discreetState(tx, userId)).discreet;
}

/** The member's own choice; it stands even when the site's default changes later. */
export async function setDiscreet(db: Db, userId: number, discreet: boolean): Promise<DiscreetState> {
  await db.update(users).set({ discreet }).where(eq(users.id, userId));
  return discreetState(db, userId);
}
