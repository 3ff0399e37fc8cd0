import { z } from 'zod';
import { PAYMENT_METHODS } from '../rules';

/**
 * The staff console's discount codes (issue 22, point 7): GET/POST/PUT /api/admin/discounts.php and
 * GET /api/admin/discount-uses.php. Admin only. `validity`: single (one use in all), once_per_user (each member
 * once), multiple (any number, up to `max_uses` when set). A code with `user_id` exists for that member only.
 */

const isoDate = z.iso.datetime({ offset: true, message: 'validation.admin.date_invalid' });

export const adminDiscountInputSchema = z
  .object({
    code: z
      .string('validation.required')
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9][A-Z0-9_-]{2,39}$/, 'validation.admin.discount_code_invalid'),
    value_percentage: z
      .number('validation.admin.percentage_range')
      .int('validation.admin.percentage_range')
      .min(1, 'validation.admin.percentage_range')
      .max(100, 'validation.admin.percentage_range'),
    validity: z.enum(['single', 'once_per_user', 'multiple']),
    /** the most uses in all (multiple codes); null: no limit */
    max_uses: z
      .number('validation.admin.whole_number')
      .int('validation.admin.whole_number')
      .min(1, 'validation.admin.max_uses_positive')
      .max(1_000_000, 'validation.admin.too_large')
      .nullable(),
    starts_at: isoDate.nullable(),
    expires: isoDate.nullable(),
    country: z
      .string()
      .regex(/^[A-Z]{2}$/, 'validation.admin.country_unknown')
      .nullable(),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'validation.admin.currency_invalid')
      .nullable(),
    /** minor units of `currency` (or of the price's currency when the code names none) */
    minimum_order_value: z
      .number('validation.admin.whole_number')
      .int('validation.admin.whole_number')
      .min(0, 'validation.admin.not_negative')
      .max(10_000_000, 'validation.admin.too_large'),
    paymentmethods: z.array(z.enum(PAYMENT_METHODS)).max(PAYMENT_METHODS.length),
    /** the member the code is for, or null: anybody */
    user_id: z.number().int().positive().nullable(),
  })
  .superRefine((d, ctx) => {
    if (d.starts_at && d.expires && new Date(d.expires) <= new Date(d.starts_at))
      ctx.addIssue({ code: 'custom', path: ['expires'], message: 'validation.admin.expires_before_start' });
    if (d.max_uses !== null && d.validity === 'single' && d.max_uses !== 1)
      ctx.addIssue({ code: 'custom', path: ['max_uses'], message: 'validation.admin.single_use_max' });
  });
export type AdminDiscountInput = z.infer<typeof adminDiscountInputSchema>;

export const adminDiscountSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  kind: z.string(),
  value_percentage: z.number().int(),
  validity: z.string(),
  max_uses: z.number().int().nullable(),
  starts_at: z.string().nullable(),
  expires: z.string().nullable(),
  country: z.string().nullable(),
  currency: z.string().nullable(),
  minimum_order_value: z.number().int(),
  paymentmethods: z.array(z.string()),
  user_id: z.number().int().nullable(),
  status: z.enum(['active', 'disabled']),
  created_at: z.string(),
  /** payments that used the code (paid), and those holding it now (open) */
  used: z.number().int(),
  reserved: z.number().int(),
});
export type AdminDiscount = z.infer<typeof adminDiscountSchema>;

export const adminDiscountsQuerySchema = z.object({
  q: z.string().trim().max(40).optional(),
  status: z.enum(['active', 'disabled']).optional(),
});
export const adminDiscountsResponseSchema = z.object({ codes: z.array(adminDiscountSchema) });
export const adminDiscountResponseSchema = z.object({ code: adminDiscountSchema });
export const adminDiscountStatusSchema = z.object({ status: z.enum(['active', 'disabled']) });

/** One use of a code: who, when, which order. */
export const adminDiscountUseSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  member_name: z.string().nullable(),
  /** reserved (the payment is open) | used (paid) | released (the payment ended unpaid) */
  status: z.string(),
  created_at: z.string(),
  payment: z.object({
    id: z.number().int(),
    status: z.string(),
    credits: z.number().int(),
    list_amount_minor: z.number().int(),
    discount_minor: z.number().int(),
    amount_minor: z.number().int(),
    currency: z.string(),
    method: z.string(),
  }),
});
export type AdminDiscountUse = z.infer<typeof adminDiscountUseSchema>;
export const adminDiscountUsesResponseSchema = z.object({
  code: adminDiscountSchema,
  uses: z.array(adminDiscountUseSchema),
});
export type AdminDiscountUsesResponse = z.infer<typeof adminDiscountUsesResponseSchema>;
