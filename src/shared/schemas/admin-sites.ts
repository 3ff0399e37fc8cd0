import { z } from 'zod';
import { COUNTRIES, LOCALES } from '../locales';
import { PHOTO_REVIEW_MODES } from './admin-photos';
import { PROFILE_FIELD_NAMES } from './profiles';

/**
 * The staff console's sites (issue 22, point 7): GET/POST/PUT /api/admin/sites.php and /api/admin/companies.php.
 * Admin only. Field messages are keys of the shared validation namespace (validation.admin.*), translated by the
 * server into the request's language and answered per field.
 */

/** A host name as a site's domain: lower case letters, digits and hyphens in dot-separated labels, no port. */
export const HOST_NAME_PATTERN =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

export const SEARCH_FIELD_NAMES = ['gender', 'country', 'countryregion', 'min_age', 'max_age'] as const;
/** Values of `signups`, `logged_out_search` and `logged_out_search_trafficsource` (shared/visitor-access.ts). */
export const VISITOR_ACCESS = ['all', 'with_trafficsource', 'none'] as const;
/** Bootstrap icons the console offers as the fictional-profile mark. */
export const FICTIONAL_ICONS = [
  'stars',
  'star-fill',
  'magic',
  'mask',
  'robot',
  'info-circle',
  'person-badge',
] as const;
/** Who takes a site's payments (sites.payment_provider): Mollie, or Verotel FlexPay for the adult niches. */
export const PAYMENT_PROVIDERS = ['mollie', 'verotel'] as const;
/** The longest billing descriptor (sites.billing_descriptor): what a bank statement shows, ≤ 22 characters. */
export const BILLING_DESCRIPTOR_MAX = 22;

const text = (max: number) =>
  z.string('validation.required').trim().min(1, 'validation.required').max(max, 'validation.admin.too_long');
const count = (max: number) =>
  z
    .number('validation.admin.whole_number')
    .int('validation.admin.whole_number')
    .min(0, 'validation.admin.not_negative')
    .max(max, 'validation.admin.too_large');

const localeSchema = z.enum(LOCALES, 'validation.admin.language_unknown');
const countrySchema = z.enum(COUNTRIES as [string, ...string[]], 'validation.admin.country_unknown');

/** Per-language texts for fictional profiles; an empty text falls back to the product's translation. */
export const fictionalTextsSchema = z.partialRecord(
  localeSchema,
  z.object({
    warning: z.string().trim().max(500, 'validation.admin.too_long').default(''),
    singular: z.string().trim().max(60, 'validation.admin.too_long').default(''),
    plural: z.string().trim().max(60, 'validation.admin.too_long').default(''),
  }),
);
export type FictionalTexts = z.infer<typeof fictionalTextsSchema>;

/** The fields of a site in the console (the input adds the cross-field rule, the answer its id and time). */
const adminSiteFields = z.object({
  domain: z
    .string('validation.required')
    .trim()
    .toLowerCase()
    .regex(HOST_NAME_PATTERN, 'validation.admin.domain_invalid')
    .refine((d) => d.includes('.') || d === 'localhost', 'validation.admin.domain_invalid'),
  name: text(100),
  index_title: text(200),
  description: text(1_000),
  domain_language: localeSchema,
  languages: z.array(localeSchema).min(1, 'validation.admin.languages_required').max(LOCALES.length),
  countries: z.array(countrySchema).min(1, 'validation.admin.countries_required').max(COUNTRIES.length),
  cdn_prefix: z
    .string()
    .trim()
    .max(300, 'validation.admin.too_long')
    .refine((v) => v === '' || /^https:\/\/[^\s/]+(\/[^\s]*)?$/.test(v), 'validation.admin.url_invalid'),
  niche: z
    .number('validation.admin.niche_range')
    .int('validation.admin.niche_range')
    .min(1, 'validation.admin.niche_range')
    .max(7, 'validation.admin.niche_range'),
  visible_profile_fields: z.array(z.enum(PROFILE_FIELD_NAMES)).max(PROFILE_FIELD_NAMES.length),
  visible_profile_notes: z.boolean(),
  search_fields: z.array(z.enum(SEARCH_FIELD_NAMES)).max(SEARCH_FIELD_NAMES.length),
  message_credits: count(10_000),
  photo_credits: count(10_000),
  gift_credits: count(10_000),
  signup_credits: count(10_000),
  message_length: count(10_000).min(20, 'validation.admin.too_small'),
  free_messages: count(100),
  free_history_messages: count(1_000),
  support_email: z
    .string('validation.required')
    .trim()
    .max(254, 'validation.email_invalid')
    .email('validation.email_invalid'),
  support_phone: text(40),
  enable_site_entry_popup: z.enum(['yes', 'no']),
  fictional_icon: z.enum(FICTIONAL_ICONS),
  fictional_texts: fictionalTextsSchema,
  refund_days: count(365),
  signups: z.enum(VISITOR_ACCESS),
  logged_out_search: z.enum(VISITOR_ACCESS),
  logged_out_search_trafficsource: z.enum(['all', 'none']),
  member_resell: z.boolean(),
  company_id: z.number().int().positive('validation.required'),
  mail_name: text(100),
  min_age: count(99).min(18, 'validation.admin.min_age'),
  us_footer: z.boolean(),
  welcome_discount_hours: count(24 * 30),
  direct_debit_limit_minor: count(10_000_000),
  photo_review: z.enum(PHOTO_REVIEW_MODES),
  photo_explicit_threshold: z
    .number('validation.admin.threshold_range')
    .int('validation.admin.threshold_range')
    .min(1, 'validation.admin.threshold_range')
    .max(100, 'validation.admin.threshold_range'),
  cams_in_search: z.boolean(),
  payment_provider: z.enum(PAYMENT_PROVIDERS),
  /** '' = the company's name; printable characters only (it goes to the bank as the payment's description). */
  billing_descriptor: z
    .string()
    .trim()
    .max(BILLING_DESCRIPTOR_MAX, 'validation.admin.billing_descriptor_too_long')
    .regex(/^[\x20-\x7E]*$/, 'validation.admin.billing_descriptor_invalid'),
  /** Discreet mode for members who did not choose: on, off, or null = on in the niches she, bdsm and gay. */
  discreet_default: z.boolean().nullable(),
});

export const adminSiteInputSchema = adminSiteFields.superRefine((s, ctx) => {
  if (!s.languages.includes(s.domain_language))
    ctx.addIssue({
      code: 'custom',
      path: ['languages'],
      message: 'validation.admin.domain_language_not_served',
    });
});
export type AdminSiteInput = z.infer<typeof adminSiteInputSchema>;

/**
 * A site as the console reads it: what is stored, so that a site serving a country the console does not offer (one
 * set in the database, or a test's made-up code) still lists; saving it again asks for known countries.
 */
export const adminSiteSchema = adminSiteFields.extend({
  countries: z.array(z.string()),
  id: z.number().int(),
  created_at: z.string(),
});
export type AdminSite = z.infer<typeof adminSiteSchema>;

export const adminCompanyInputSchema = z.object({
  name: text(200),
  address: text(300),
  kvk: text(40),
  city: text(100),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'validation.admin.country_unknown'),
  tradenames: z.array(z.string().trim().min(1).max(100, 'validation.admin.too_long')).max(20),
  vat_numbers: z
    .array(
      z
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z]{2}[0-9A-Z+*.]{2,13}$/, 'validation.admin.vat_invalid'),
    )
    .max(20),
  support_phone: text(40),
  delete_discount: count(90),
});
export type AdminCompanyInput = z.infer<typeof adminCompanyInputSchema>;

export const adminCompanySchema = adminCompanyInputSchema.extend({
  id: z.number().int(),
  added: z.string(),
});
export type AdminCompany = z.infer<typeof adminCompanySchema>;

export const adminSitesResponseSchema = z.object({
  sites: z.array(adminSiteSchema),
  companies: z.array(adminCompanySchema),
});
export type AdminSitesResponse = z.infer<typeof adminSitesResponseSchema>;

export const adminIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });
export const adminSiteResponseSchema = z.object({ site: adminSiteSchema });
export const adminCompanyResponseSchema = z.object({ company: adminCompanySchema });
