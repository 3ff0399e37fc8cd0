import { type SQL, sql } from 'drizzle-orm';
import { GENDERS, type ProfileUpdate, SEXUALITIES } from '../../../shared/schemas/profiles';
import { sexualityFits } from '../../../shared/seeking';
import { profiles } from '../../db/schema';

/** Every gender with the orientations that fit it (shared/seeking.ts: sexualityFits). */
const FITTING = GENDERS.map((g) => [g, SEXUALITIES.filter((s) => sexualityFits(g, s))] as const);

/**
 * The orientation rule as a condition on the row being updated: the gender and orientation the row will have after
 * `b` (the sent value, else the stored one) must go together. In the update's WHERE, two edits racing (one sends the
 * gender, the other the orientation) cannot leave a contradiction behind.
 */
export function orientationFitsAfter(b: Pick<ProfileUpdate, 'gender' | 'sexuality'>): SQL {
  const gender = b.gender === undefined ? sql`${profiles.gender}` : sql`${b.gender}::text`;
  const sexuality = b.sexuality === undefined ? sql`${profiles.sexuality}` : sql`${b.sexuality}::text`;
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const pairs = FITTING.map(([g, fitting]) => sql`(${gender} = ${g} and ${sexuality} in (${list(fitting)}))`);
  // As sexualityFits: a missing or unknown value contradicts nothing.
  return sql`(${gender} is null or ${sexuality} is null or ${gender} not in (${list(GENDERS)})
    or ${sexuality} not in (${list(SEXUALITIES)}) or ${sql.join(pairs, sql` or `)})`;
}
