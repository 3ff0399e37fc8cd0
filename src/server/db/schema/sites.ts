import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

/** The operating company shown in legal pages and the footer (spec: company info). */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: text('tradenames').array().notNull().default(sql`'{}'::text[]`),
  vatNumbers: text('vat_numbers').array().notNull().default(sql`'{}'::text[]`),
  supportPhone: text('support_phone').notNull(),
  /** Percentage offered as a discount code when a member is about to delete the account. */
  deleteDiscount: integer('delete_discount').notNull().default(25),
  /**
   * Who collects SEPA direct debits, as the mandate and the pre-notification name them: by default Mollie, which
   * collects for its merchants under its own creditor identifier (docs/payments.md "Direct debit").
   */
  sepaCreditorName: text('sepa_creditor_name').notNull().default('Stichting Mollie Payments'),
  sepaCreditorId: text('sepa_creditor_id').notNull().default('NL08ZZZ502057730000'),
  added: timestamp('added', { withTimezone: true }).notNull().defaultNow(),
});

/** Per language: the site's own fictional-profile texts (shared/schemas/admin-sites.ts fictionalTextsSchema). */
export type FictionalTexts = Partial<Record<string, { warning: string; singular: string; plural: string }>>;

export type MinimumMessageCosts = Record<string, { costs: number; currency: string }>;

/** One row per domain of the network; holds every global setting of spec section 3. */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull().unique(),
    name: text('name').notNull(),
    indexTitle: text('index_title').notNull(),
    description: text('description').notNull(),
    domainLanguage: text('domain_language').notNull(),
    cdnPrefix: text('cdn_prefix').notNull().default(''),
    niche: smallint('niche').notNull().default(1),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    visibleProfileFields: text('visible_profile_fields').array().notNull().default(sql`'{}'::text[]`),
    visibleProfileNotes: boolean('visible_profile_notes').notNull().default(true),
    searchFields: text('search_fields').array().notNull().default(sql`'{}'::text[]`),
    messageCredits: integer('message_credits').notNull(),
    photoCredits: integer('photo_credits').notNull(),
    giftCredits: integer('gift_credits').notNull(),
    signupCredits: integer('signup_credits').notNull(),
    messageLength: integer('message_length').notNull(),
    /** Text messages a member who never paid may send without credits (docs/configuration.md). */
    freeMessages: integer('free_messages').notNull().default(3),
    /** Members who never paid see this many newest messages of a conversation; older ones are hidden. */
    freeHistoryMessages: integer('free_history_messages').notNull().default(20),
    /** Unused since issue 27: message prices come from the catalogue (docs/payments.md). To be dropped. */
    minimumMessageCosts: jsonb('minimum_message_costs').$type<MinimumMessageCosts>().notNull(),
    supportEmail: text('support_email').notNull(),
    supportPhone: text('support_phone').notNull(),
    enableSiteEntryPopup: text('enable_site_entry_popup').notNull().default('yes'),
    fictionalIcon: text('fictional_icon').notNull().default('stars'),
    refundDays: integer('refund_days').notNull(),
    signups: text('signups').notNull().default('all'),
    loggedOutSearch: text('logged_out_search').notNull().default('all'),
    loggedOutSearchTrafficsource: text('logged_out_search_trafficsource').notNull().default('all'),
    memberResell: boolean('member_resell').notNull().default(false),
    /**
     * The site's cam and resell profiles (profiles.kind) are listed in member search, likes and matches too, marked
     * as such; off (the default), they are shown only in the cam section (/cams). docs/configuration.md.
     */
    camsInSearch: boolean('cams_in_search').notNull().default(false),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    mailName: text('mail_name').notNull(),
    minAge: integer('min_age').notNull().default(18),
    usFooter: boolean('us_footer').notNull().default(false),
    welcomeDiscountHours: integer('welcome_discount_hours').notNull().default(48),
    /**
     * Direct debit: the most one member may have debited per RULES.directDebit.limitWindowDays, in euro cents (SEPA
     * direct debit is in euros); 0 turns direct debit off on the site.
     */
    directDebitLimitMinor: integer('direct_debit_limit_minor').notNull().default(10_000),
    /**
     * Photo moderation (docs/configuration.md): 'before' holds a new photo until a moderator approves it, 'after'
     * makes it public once screened and a moderator checks it afterwards.
     */
    photoReview: text('photo_review').notNull().default('before'),
    /** percent: a photo whose explicit score (porn + hentai) reaches it is flagged and never public unapproved */
    photoExplicitThreshold: smallint('photo_explicit_threshold').notNull().default(60),
    /**
     * The languages the site offers (the staff console keeps at least one, and the domain language among them);
     * every locale by default.
     */
    languages: text('languages').array().notNull().default(sql`'{en,nl,de,it,fr,es,pl,da,fi,nb,sv}'::text[]`),
    /** Per language, the site's own texts for fictional profiles (warning, singular, plural); empty: the product's. */
    fictionalTexts: jsonb('fictional_texts').$type<FictionalTexts>().notNull().default({}),
    /**
     * Discreet mode (issue 23): what members see on their bank statement, passed to the payment provider as the
     * payment's description (with the payment's number); '' uses the company's name. Neutral: never the site's name
     * or niche. docs/configuration.md.
     */
    billingDescriptor: text('billing_descriptor').notNull().default(''),
    /** Discreet mode for members who did not choose: on, off, or null = on in the niches she, bdsm and gay. */
    discreetDefault: boolean('discreet_default'),
    /**
     * Who takes this site's payments (issue 23, point 6): 'mollie' (the general provider: Mollie, or the built-in test
     * provider where no Mollie key is set) or 'verotel' (FlexPay, for the adult niches Mollie refuses).
     */
    paymentProvider: text('payment_provider').notNull().default('mollie'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'sites_languages_served',
      sql`cardinality(${t.languages}) >= 1 and ${t.domainLanguage} = any(${t.languages})`,
    ),
    check('sites_niche_range', sql`${t.niche} between 1 and 7`),
    check('sites_domain_lower', sql`${t.domain} = lower(${t.domain})`),
    check(
      'sites_credits_nonneg',
      sql`${t.messageCredits} >= 0 and ${t.photoCredits} >= 0 and ${t.giftCredits} >= 0 and ${t.signupCredits} >= 0`,
    ),
    check('sites_min_age', sql`${t.minAge} >= 18`),
    check('sites_photo_review_known', sql`${t.photoReview} in ('before', 'after')`),
    check('sites_photo_explicit_threshold', sql`${t.photoExplicitThreshold} between 1 and 100`),
    check('sites_billing_descriptor', sql`char_length(${t.billingDescriptor}) <= 22`),
    check('sites_payment_provider', sql`${t.paymentProvider} in ('mollie', 'verotel')`),
  ],
);

export type Site = typeof sites.$inferSelect;
export type NewSite = typeof sites.$inferInsert;
export type Company = typeof companies.$inferSelect;

/** Server-wide generated secrets (e.g. the VAPID key pair for web push), created on first start. */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  value: jsonb('value').$type<Record<string, string>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
