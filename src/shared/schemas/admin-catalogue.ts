import { z } from 'zod';

/**
 * The staff console's catalogue (issue 22, point 7): credit bundles (the premium packages are the same bundles, shown
 * with their package style p0–p3) and their price per country, in the country's currency, integer minor units, VAT
 * included. GET/POST/PUT /api/admin/catalogue.php, PUT /api/admin/catalogue-order.php. Admin only.
 */

export const BUNDLE_STYLES = ['p0', 'p1', 'p2', 'p3'] as const;

export const adminPriceSchema = z.object({
  country: z.string().regex(/^[A-Z]{2}$/, 'validation.admin.country_unknown'),
  currency: z.string().regex(/^[A-Z]{3}$/, 'validation.admin.currency_invalid'),
  amount_minor: z
    .number('validation.admin.whole_number')
    .int('validation.admin.whole_number')
    .min(1, 'validation.admin.price_positive')
    .max(10_000_000, 'validation.admin.too_large'),
  vat_rate_bp: z
    .number('validation.admin.whole_number')
    .int('validation.admin.whole_number')
    .min(0, 'validation.admin.not_negative')
    .max(10_000, 'validation.admin.too_large'),
});
export type AdminPrice = z.infer<typeof adminPriceSchema>;

export const adminBundleInputSchema = z.object({
  code: z
    .string('validation.required')
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9][a-z0-9-]{1,39}$/, 'validation.admin.code_invalid'),
  credits: z
    .number('validation.admin.whole_number')
    .int('validation.admin.whole_number')
    .min(1, 'validation.admin.credits_positive')
    .max(100_000, 'validation.admin.too_large'),
  style: z.enum(BUNDLE_STYLES),
  best_value: z.boolean(),
  active: z.boolean(),
  /** shown in /credits, /premium and /pricing; an unlisted bundle is sold only where offered (the trial package) */
  listed: z.boolean(),
  prices: z.array(adminPriceSchema).max(60),
});
export type AdminBundleInput = z.infer<typeof adminBundleInputSchema>;

export const adminBundleSchema = adminBundleInputSchema.extend({
  id: z.number().int(),
  sort: z.number().int(),
  /** payments made of this bundle (a bundle with payments is disabled, never deleted) */
  payments: z.number().int(),
});
export type AdminBundle = z.infer<typeof adminBundleSchema>;

/** A country the catalogue can price: its currency and standard VAT rate (the defaults of a new price). */
export const pricingCountrySchema = z.object({
  country: z.string(),
  currency: z.string(),
  vat_rate_bp: z.number().int(),
});
export type PricingCountry = z.infer<typeof pricingCountrySchema>;

export const adminCatalogueResponseSchema = z.object({
  bundles: z.array(adminBundleSchema),
  countries: z.array(pricingCountrySchema),
});
export type AdminCatalogueResponse = z.infer<typeof adminCatalogueResponseSchema>;

export const adminBundleResponseSchema = z.object({ bundle: adminBundleSchema });

/** PUT /api/admin/catalogue-order.php: the bundles' ids in their new order (sort 1, 2, …). */
export const adminCatalogueOrderSchema = z.object({
  ids: z.array(z.number().int().positive()).min(1).max(200),
});
