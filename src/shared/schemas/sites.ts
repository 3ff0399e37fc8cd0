import { z } from 'zod';
import { LOCALES } from '../locales';

export const localeSchema = z.enum(LOCALES);

/** GET /api/settings.php: the forced domain plus the route's query (passed through). */
export const settingsQuerySchema = z
  .object({
    domain: z.string().min(1).max(253).optional(),
    // The route's query comes along, and the member search uses `country` too (`any`: all countries): only a
    // two-letter code selects a country here; anything else is ignored rather than failing the whole app's start.
    country: z
      .string()
      .max(500)
      .optional()
      .transform((v) => (v && /^[A-Za-z]{2}$/.test(v) ? v : undefined)),
    lang: z.string().max(10).optional(),
  })
  .catchall(z.union([z.string().max(500), z.array(z.string().max(500)).max(20)]));

export const publicSettingsSchema = z.object({
  name: z.string(),
  index_title: z.string(),
  description: z.string(),
  domain: z.string(),
  domain_language: localeSchema,
  cdn_prefix: z.string(),
  niche: z.number().int().min(1).max(7),
  countries: z.array(z.string()),
  visible_profile_fields: z.array(z.string()),
  visible_profile_notes: z.boolean(),
  search_fields: z.array(z.string()),
  geoip_country: z.string().nullable(),
  geoip_selected_country: z.string(),
  message_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  signup_credits: z.number().int(),
  message_length: z.number().int(),
  support_email: z.string(),
  support_phone: z.string(),
  enable_site_entry_popup: z.string(),
  push_public_key: z.string().nullable(),
  fictional_icon: z.string(),
  fictional_warning: z.string(),
  fictional_singular: z.string(),
  fictional_plural: z.string(),
  refund_days: z.number().int(),
  signups: z.string(),
  logged_out_search: z.string(),
  logged_out_search_trafficsource: z.string(),
  member_resell: z.boolean(),
  company_id: z.number().int(),
  mail_name: z.string(),
  min_age: z.number().int(),
  us_footer: z.boolean(),
  welcome_discount_hours: z.number().int(),
  /** The languages the site offers (sites.languages, in the product's order): its language menu and sitemap. */
  languages: z.array(localeSchema),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

export const settingsResponseSchema = z.object({
  settings: publicSettingsSchema,
  domain_language: localeSchema,
});
export type SettingsResponse = z.infer<typeof settingsResponseSchema>;

export const companyInfoSchema = z.object({
  name: z.string(),
  address: z.string(),
  kvk: z.string(),
  city: z.string(),
  country: z.string(),
  tradenames: z.array(z.string()),
  vat_numbers: z.array(z.string()),
  support_phone: z.string(),
  delete_discount: z.number().int(),
  added: z.string(),
});
export type CompanyInfo = z.infer<typeof companyInfoSchema>;
export const companyInfoResponseSchema = z.object({ companyinfo: companyInfoSchema });

export const interestSchema = z.object({ value: z.string(), label: z.string(), icon: z.string() });
export const interestsResponseSchema = z.object({ interests: z.array(interestSchema) });
export type InterestOption = z.infer<typeof interestSchema>;

export const regionSchema = z.object({ code: z.string(), name: z.string() });
export const countryRegionsSchema = z.object({
  label: z.string(),
  label_text: z.string(),
  regions: z.array(regionSchema),
});
export const regionsResponseSchema = z.object({ regions: z.record(z.string(), countryRegionsSchema) });
export type CountryRegions = z.infer<typeof countryRegionsSchema>;
