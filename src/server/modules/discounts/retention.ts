import { randomInt } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { RULES } from '../../../shared/rules';
import type { Db } from '../../db/client';
import { catalogBundles, catalogPrices, discountCodes, discountRedemptions } from '../../db/schema';
import { TRIAL_BUNDLE_CODE } from '../payments/catalogue-defaults';

/**
 * The retention offers that need payments (issue 12): the trial package and a discount code of the company's
 * delete_discount, made for the member who is about to delete the account.
 */

/** The trial package's price in the member's pricing country, for members who have not paid yet; else null. */
export async function trialOffer(db: Db, country: string, paidUser: boolean) {
  if (paidUser) return null;
  const [row] = await db
    .select({
      bundleId: catalogBundles.id,
      credits: catalogBundles.credits,
      amount: catalogPrices.amountMinor,
      currency: catalogPrices.currency,
    })
    .from(catalogBundles)
    .innerJoin(
      catalogPrices,
      and(eq(catalogPrices.bundleId, catalogBundles.id), eq(catalogPrices.country, country)),
    )
    .where(and(eq(catalogBundles.code, TRIAL_BUNDLE_CODE), eq(catalogBundles.active, true)));
  return row
    ? { bundle_id: row.bundleId, credits: row.credits, amount: row.amount, currency: row.currency }
    : null;
}

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const randomPart = (n: number) =>
  Array.from({ length: n }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/**
 * The member's retention code: one that is still valid and unused is answered again; otherwise a new one is made
 * (`STAY-XXXXXX`, the company's percentage, once, for RULES.retention.discountDays days).
 */
export async function retentionCode(db: Db, userId: number, percentage: number, now: Date = new Date()) {
  const [existing] = await db
    .select()
    .from(discountCodes)
    .where(
      and(
        eq(discountCodes.userId, userId),
        eq(discountCodes.kind, 'retention'),
        eq(discountCodes.status, 'active'),
        gt(discountCodes.expires, now),
        sql`not exists (select 1 from ${discountRedemptions} r where r.code_id = ${discountCodes.id}
                        and r.status <> 'released')`,
      ),
    )
    .limit(1);
  if (existing) return existing;
  const [made] = await db
    .insert(discountCodes)
    .values({
      code: `${RULES.retention.codePrefix}-${randomPart(6)}`,
      kind: 'retention',
      userId,
      valuePercentage: percentage,
      validity: 'once_per_user',
      expires: new Date(now.getTime() + RULES.retention.discountDays * 86_400_000),
    })
    .returning();
  return made!;
}
