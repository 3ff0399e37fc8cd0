import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './members';
import { payments } from './payments';

/**
 * Discount codes (issue 12), with the spec's fields. `kind`: standard (a code an operator hands out), welcome (the
 * first purchase within welcome_discount_hours of signup), time_bonus (TIMEBONUS25: within 4 hours of signup, until
 * the member has paid), retention (made for one member who was about to delete the account). `validity`: single (one
 * use in all), once_per_user, or multiple. A code with `user_id` exists only for that member. Empty `paymentmethods`
 * allows every method; a null `country` or `currency` any. `minimum_order_value` is in minor units of `currency`
 * (or of the price's currency when the code has none).
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    code: text('code').notNull(),
    kind: text('kind').notNull().default('standard'),
    country: text('country'),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    expires: timestamp('expires', { withTimezone: true }),
    valuePercentage: integer('value_percentage').notNull(),
    currency: text('currency'),
    minimumOrderValue: integer('minimum_order_value').notNull().default(0),
    /** active | disabled */
    status: text('status').notNull().default('active'),
    validity: text('validity').notNull().default('single'),
    paymentmethods: text('paymentmethods').array().notNull().default(sql`'{}'::text[]`),
    /** the most reservations and uses in all (a multiple code); null: no limit */
    maxUses: integer('max_uses'),
    /** the code applies from this moment (with `expires`, its validity window); null: at once */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One code text for everybody, or one per member (retention codes).
    uniqueIndex('discount_codes_global_unique').on(t.code).where(sql`${t.userId} is null`),
    uniqueIndex('discount_codes_member_unique').on(t.code, t.userId).where(sql`${t.userId} is not null`),
    check('discount_codes_percentage', sql`${t.valuePercentage} between 1 and 100`),
    check('discount_codes_kind', sql`${t.kind} in ('standard', 'welcome', 'time_bonus', 'retention')`),
    check('discount_codes_validity', sql`${t.validity} in ('single', 'once_per_user', 'multiple')`),
    check('discount_codes_max_uses', sql`${t.maxUses} is null or ${t.maxUses} > 0`),
    check(
      'discount_codes_window',
      sql`${t.startsAt} is null or ${t.expires} is null or ${t.expires} > ${t.startsAt}`,
    ),
  ],
);

/**
 * A use of a code by a payment: reserved when the payment starts, used when it is paid, released when it fails, is
 * canceled or expires. The partial unique indexes make the limits race-proof: a single-use code has at most one
 * reservation or use at a time, a once-per-user code one per member.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    codeId: bigint('code_id', { mode: 'number' })
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    paymentId: bigint('payment_id', { mode: 'number' })
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    /** the code's validity, copied so the indexes below can use it */
    validity: text('validity').notNull(),
    /** reserved | used | released */
    status: text('status').notNull().default('reserved'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_payment_unique').on(t.paymentId),
    uniqueIndex('discount_redemptions_single_unique')
      .on(t.codeId)
      .where(sql`${t.validity} = 'single' and ${t.status} <> 'released'`),
    uniqueIndex('discount_redemptions_per_user_unique')
      .on(t.codeId, t.userId)
      .where(sql`${t.validity} = 'once_per_user' and ${t.status} <> 'released'`),
    index('discount_redemptions_user_idx').on(t.userId),
  ],
);

export type DiscountCode = typeof discountCodes.$inferSelect;
