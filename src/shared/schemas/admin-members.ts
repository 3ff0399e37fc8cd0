import { z } from 'zod';

/**
 * Members in the staff console (issue 22, point 6): /api/admin/members.php (search), /api/admin/member.php (one
 * member: view, erase now), /api/admin/member-credits.php, /api/admin/member-refund.php,
 * /api/admin/member-sessions.php. Staff see a member's e-mail address; no password hash, token hash or whole IBAN
 * ever leaves the server.
 */

export const MEMBER_SEARCH_PAGE_SIZE = 25;

/** The largest credit adjustment one staff action may make, either way. */
export const MAX_CREDIT_ADJUSTMENT = 100_000;

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** GET /api/admin/members.php: `q` is an id, an e-mail address or its beginning, or the beginning of a name. */
export const memberSearchQuerySchema = z.object({
  q: z.string().trim().max(200).default(''),
  site: id.optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

export const memberStatusSchema = z.enum(['not_confirmed', 'active', 'deleted']);

export const memberListItemSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string().nullable(),
  site_id: z.number().int(),
  site_domain: z.string(),
  status: memberStatusSchema,
  purged: z.boolean(),
  credits: z.number().int(),
  signup_date: z.string(),
  last_active_at: z.string(),
});
export type MemberListItem = z.infer<typeof memberListItemSchema>;

export const memberSearchResponseSchema = z.object({
  members: z.array(memberListItemSchema),
  page: z.number().int(),
  has_more: z.boolean(),
});
export type MemberSearchResponse = z.infer<typeof memberSearchResponseSchema>;

/** GET /api/admin/member.php?id= */
export const memberIdQuerySchema = z.object({ id });

export const adminMemberAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: memberStatusSchema,
  site: z.object({ id: z.number().int(), domain: z.string(), name: z.string() }),
  language: z.string(),
  signup_date: z.string(),
  last_active_at: z.string(),
  email_confirmed_at: z.string().nullable(),
  /** where the member came from (network, ref, sub1–sub3), as recorded at signup */
  tracking: z.record(z.string(), z.string()),
  credits: z.number().int(),
  paid_user: z.boolean(),
  deleted_at: z.string().nullable(),
  purge_after: z.string().nullable(),
  purged: z.boolean(),
  demo: z.boolean(),
  /** restrictions in force (moderation decisions) */
  suspended_until: z.string().nullable(),
  banned_at: z.string().nullable(),
  hidden_until: z.string().nullable(),
});

export const adminMemberProfileSchema = z.object({
  name: z.string(),
  status: z.string(),
  gender: z.string().nullable(),
  seeking_gender: z.string().nullable(),
  birth_date: z.string(),
  country: z.string(),
  region: z.string().nullable(),
  city: z.string().nullable(),
  about: z.string(),
  interests: z.array(z.string()),
  invisible: z.boolean(),
  fictional: z.boolean(),
  privacy_mode: z.boolean(),
});

export const adminMemberPhotoSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  is_main: z.boolean(),
  is_private: z.boolean(),
  created_at: z.string(),
  /** a small image staff may open */
  thumb_url: z.string(),
  /** the full image */
  url: z.string(),
});

export const adminMemberPaymentSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  status: z.string(),
  provider: z.string(),
  method: z.string(),
  amount_minor: z.number().int(),
  currency: z.string(),
  credits: z.number().int(),
  credits_reversed: z.number().int(),
  refunded_minor: z.number().int(),
  charged_back_minor: z.number().int(),
  discount_code: z.string().nullable(),
  discount_minor: z.number().int(),
  /** for a SEPA direct debit: the account as the member was shown it (e.g. NL•• •••• 1234), never whole */
  iban_masked: z.string().nullable(),
  /** paid and not wholly refunded: an admin may refund what is left */
  refundable: z.boolean(),
});

export const adminLedgerEntrySchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  delta: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  /** a staff adjustment's reason text, and who made it */
  note: z.string().nullable(),
  staff_id: z.number().int().nullable(),
});

export const adminDiscountUseSchema = z.object({
  code: z.string(),
  kind: z.string(),
  value_percentage: z.number().int(),
  status: z.string(),
  payment_id: z.number().int(),
  created_at: z.string(),
});

export const adminMemberSessionSchema = z.object({
  id: z.number().int(),
  /** browser and system, read from the user agent */
  device: z.string(),
  country: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
  expires_at: z.string(),
});

export const adminMemberResponseSchema = z.object({
  account: adminMemberAccountSchema,
  profile: adminMemberProfileSchema.nullable(),
  photos: z.array(adminMemberPhotoSchema),
  payments: z.array(adminMemberPaymentSchema),
  ledger: z.array(adminLedgerEntrySchema),
  discounts: z.array(adminDiscountUseSchema),
  sessions: z.array(adminMemberSessionSchema),
  counts: z.object({
    /** reports about this member, and by this member */
    reports_against: z.number().int(),
    reports_made: z.number().int(),
    /** moderation decisions about this member */
    decisions: z.number().int(),
  }),
});
export type AdminMember = z.infer<typeof adminMemberResponseSchema>;
export type AdminMemberPayment = z.infer<typeof adminMemberPaymentSchema>;
export type AdminMemberSession = z.infer<typeof adminMemberSessionSchema>;
export type AdminLedgerEntry = z.infer<typeof adminLedgerEntrySchema>;

/**
 * POST /api/admin/member-credits.php: adds (positive) or takes (negative) credits with a reason. `request_id` is the
 * console's id of this one adjustment: sent again (a retry, a double click) it changes nothing a second time.
 */
export const creditAdjustmentSchema = z.object({
  member: id,
  delta: z
    .number()
    .int()
    .min(-MAX_CREDIT_ADJUSTMENT)
    .max(MAX_CREDIT_ADJUSTMENT)
    .refine((n) => n !== 0),
  reason: z.string().trim().min(3).max(500),
  request_id: z.uuid(),
});
export type CreditAdjustment = z.infer<typeof creditAdjustmentSchema>;

export const creditAdjustmentResponseSchema = z.object({
  credits: z.number().int(),
  /** false when this request_id had been applied before (nothing changed now) */
  applied: z.boolean(),
});

/** POST /api/admin/member-refund.php: refunds what is left of a paid payment through its provider. */
export const memberRefundSchema = z.object({ member: id, payment: id });

export const memberRefundResponseSchema = z.object({
  payment: adminMemberPaymentSchema,
  /** false when the payment had been refunded already (nothing was asked of the provider) */
  refunded_now: z.boolean(),
});

/** DELETE /api/admin/member-sessions.php: ends one session of the member, or all of them. */
export const memberSessionsEndSchema = z.union([
  z.object({ member: id, session: id }),
  z.object({ member: id, all: z.literal(true) }),
]);

export const memberSessionsEndResponseSchema = z.object({ ended: z.number().int() });

/** The phrase an admin types to erase member `id` at once (not translated: the same in every console language). */
export function eraseConfirmationPhrase(memberId: number): string {
  return `ERASE ${memberId}`;
}

/** DELETE /api/admin/member.php: erases the account at once; `confirmation` must be eraseConfirmationPhrase(member). */
export const memberEraseSchema = z.object({ member: id, confirmation: z.string().trim().max(50) });

export const memberEraseResponseSchema = z.object({
  /** false when the account had been erased before */
  erased_now: z.boolean(),
});
