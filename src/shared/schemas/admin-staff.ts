import { z } from 'zod';
import { STAFF_RULES } from '../rules';

/**
 * The staff console's own calls (issue 22, docs/api.md "Staff console"): sign-in with password and TOTP code, the
 * signed-in staff member, staff management, invitations and the audit log. Every path is under /api/admin/.
 */
export const STAFF_ROLES = STAFF_RULES.roles;
export type StaffRole = (typeof STAFF_ROLES)[number];
export const staffRoleSchema = z.enum(STAFF_ROLES);

export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'validation.email_invalid')
  .email('validation.email_invalid');

export const staffPasswordSchema = z
  .string()
  .min(STAFF_RULES.password.min, 'validation.staff_password_length')
  .max(STAFF_RULES.password.max, 'validation.staff_password_length');

export const staffNameSchema = z
  .string()
  .trim()
  .min(STAFF_RULES.name.min, 'validation.staff_name_length')
  .max(STAFF_RULES.name.max, 'validation.staff_name_length');

/** A 6-digit TOTP code (spaces the authenticator app shows are allowed and dropped). */
export const totpCodeSchema = z
  .string()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'validation.totp_code_invalid'));

/** The signed-in staff member (GET /api/admin/me.php and the end of a sign-in). */
export const staffSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
});
export type Staff = z.infer<typeof staffSchema>;
export const staffMeResponseSchema = z.object({ staff: staffSchema });
export type StaffMeResponse = z.infer<typeof staffMeResponseSchema>;

/** POST /api/admin/login.php: step 1. The answer sets an HttpOnly challenge cookie for step 2. */
export const staffLoginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(STAFF_RULES.password.max),
});
export const staffLoginResponseSchema = z.object({
  totp_required: z.literal(true),
  /** seconds the second step stays possible */
  expires_in: z.number().int(),
});

/** POST /api/admin/login-code.php: step 2 (the challenge cookie of step 1 and a current code) → a session. */
export const staffLoginCodeRequestSchema = z.object({ code: totpCodeSchema });

/** POST /api/admin/password.php: change one's own password (the other sessions end). */
export const staffPasswordChangeSchema = z
  .object({
    old_password: z.string().max(STAFF_RULES.password.max),
    password: staffPasswordSchema,
    password_confirm: z.string(),
  })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'validation.passwords_differ',
  });

export const staffOkSchema = z.object({ ok: z.literal(true) });

/** GET /api/admin/staff.php (admin): every staff account. */
export const staffListItemSchema = staffSchema.extend({
  status: z.enum(['active', 'disabled']),
  created_at: z.string(),
  /** the newest request of any of their sessions, or null */
  last_seen_at: z.string().nullable(),
  invited_by: z.number().int().nullable(),
});
export type StaffListItem = z.infer<typeof staffListItemSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffListItemSchema) });

/** PATCH /api/admin/staff.php (admin): change another staff member's role or status (disabling ends their sessions). */
export const staffUpdateRequestSchema = z
  .object({
    id: z.number().int().positive(),
    role: staffRoleSchema.optional(),
    status: z.enum(['active', 'disabled']).optional(),
  })
  .refine((v) => v.role !== undefined || v.status !== undefined, { message: 'validation.nothing_to_change' });
export const staffUpdateResponseSchema = z.object({ staff: staffListItemSchema });

/** Invitations (admin): GET lists the open and recent ones, POST invites, DELETE withdraws an open one. */
export const staffInviteRequestSchema = z.object({
  email: staffEmailSchema,
  role: staffRoleSchema,
  name: staffNameSchema,
});
export const staffInviteSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  /** open | used | expired */
  state: z.enum(['open', 'used', 'expired']),
  invited_by: z.object({ id: z.number().int(), name: z.string() }),
  created_at: z.string(),
  expires_at: z.string(),
  used_at: z.string().nullable(),
});
export type StaffInvite = z.infer<typeof staffInviteSchema>;
export const staffInviteResponseSchema = z.object({ invite: staffInviteSchema });
export const staffInvitesResponseSchema = z.object({ invites: z.array(staffInviteSchema) });
export const staffInviteWithdrawSchema = z.object({ id: z.number().int().positive() });

/** The invitation link's token (/admin/invite?token=…). */
export const inviteTokenSchema = z.string().min(20).max(200);

/** GET /api/admin/invite.php?token=… (public): what the invitation is for. */
export const inviteLookupQuerySchema = z.object({ token: inviteTokenSchema });
export const inviteLookupResponseSchema = z.object({
  email: z.string(),
  name: z.string(),
  role: staffRoleSchema,
  expires_at: z.string(),
});

/** POST /api/admin/invite.php (public): name + password; answers the TOTP secret to enrol (the web draws the QR). */
export const inviteAcceptRequestSchema = z
  .object({
    token: inviteTokenSchema,
    name: staffNameSchema,
    password: staffPasswordSchema,
    password_confirm: z.string(),
  })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'validation.passwords_differ',
  });
export const inviteAcceptResponseSchema = z.object({
  otpauth_uri: z.string(),
  /** the same secret in Base32, for typing it into an app by hand */
  secret: z.string(),
});

/** PUT /api/admin/invite.php (public): one valid code finishes the enrolment and signs in. */
export const inviteConfirmRequestSchema = z.object({ token: inviteTokenSchema, code: totpCodeSchema });

/** GET /api/admin/audit.php: newest first, filtered; moderators see only their own actions. */
export const auditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  staff_id: z.coerce.number().int().positive().optional(),
  action: z.string().trim().min(1).max(80).optional(),
  target_type: z.string().trim().min(1).max(40).optional(),
  target_id: z.string().trim().min(1).max(80).optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;
export const auditEntrySchema = z.object({
  id: z.number().int(),
  staff: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  action: z.string(),
  target_type: z.string(),
  target_id: z.string().nullable(),
  site_id: z.number().int().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditResponseSchema = z.object({
  entries: z.array(auditEntrySchema),
  page: z.number().int(),
  page_size: z.number().int(),
  has_more: z.boolean(),
});
export type AuditResponse = z.infer<typeof auditResponseSchema>;
