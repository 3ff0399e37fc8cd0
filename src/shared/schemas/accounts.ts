import { z } from 'zod';
import { LOCALES } from '../locales';
import { ACCOUNT_RULES, PUSH_RULES, TRACKING_PARAMS } from '../rules';
import { SIGNUP_STEP_COUNT } from '../signup-steps';
import { photoUrlsSchema } from './members';

/**
 * Field messages are keys of the shared `validation` namespace (src/shared/i18n/<locale>/validation.json),
 * translated by the server for its answers and by the web app for its own checks.
 */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, 'validation.email_invalid')
  .email('validation.email_invalid');

export const passwordSchema = z
  .string()
  .min(ACCOUNT_RULES.password.min, 'validation.password_length')
  .max(ACCOUNT_RULES.password.max, 'validation.password_length');

export const profileNameSchema = z
  .string()
  .trim()
  .min(ACCOUNT_RULES.name.min, 'validation.name_length')
  .max(ACCOUNT_RULES.name.max, 'validation.name_length')
  .refine((v) => !v.startsWith('@'), 'validation.name_starts_with_at')
  .refine((v) => /^[^<>\p{C}]+$/u.test(v), 'validation.name_chars');

export const birthDateSchema = z
  .string({ error: 'validation.birth_date_required' })
  .min(1, 'validation.birth_date_required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.birth_date_invalid')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && d.getUTCFullYear() >= 1900;
  }, 'validation.birth_date_invalid');

const trackingSchema = z.partialRecord(z.enum(TRACKING_PARAMS), z.string().max(200));

export const signupRequestSchema = z
  .object({
    email: emailSchema,
    name: profileNameSchema,
    password: passwordSchema,
    date_of_birth: birthDateSchema,
    signup_message: z.string().trim().max(5000).optional(),
    /** The member the visitor came from (/members/{id}/signup): receives signup_message. */
    member_id: z.number().int().positive().optional(),
    language: z.enum(LOCALES),
    tracking: trackingSchema.optional(),
    /**
     * The separate, unticked consent to process what the profile reveals about orientation and sex life (GDPR Art. 9,
     * issue 23): signup is refused without it; recorded with CONSENT_RULES.sensitiveDataVersion.
     */
    sensitive_consent: z.literal(true, { error: 'validation.consent_required' }),
  })
  .refine((v) => v.name.toLowerCase() !== v.email.toLowerCase(), {
    path: ['name'],
    message: 'validation.name_equals_email',
  })
  .refine((v) => v.password.toLowerCase() !== v.email.toLowerCase(), {
    path: ['password'],
    message: 'validation.password_same_as_email',
  });
export type SignupRequest = z.infer<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().max(254),
  password: z.string().max(ACCOUNT_RULES.password.max),
});

/** The login form before anything is sent: both fields filled in, the address shaped like one. */
export const loginFormSchema = z.object({
  email: z.string().trim().min(1, 'validation.email_required').pipe(emailSchema),
  password: z.string().min(1, 'validation.password_required'),
});

export const languageUpdateSchema = z.object({ language: z.enum(LOCALES) });

/** A DNS host name of at least two labels whose top-level label starts with a letter (so never an IPv4 literal). */
const HOST_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Whether `value` may be stored as a push endpoint: printable ASCII, https, a public host name (no IP literal, no
 * localhost or private names such as .local and .internal, see PUSH_RULES), the default port and no credentials.
 * The server sends notifications to this URL, so it must never point into our own network.
 */
export function isPublicPushEndpoint(value: string): boolean {
  if (!/^[\x21-\x7e]+$/.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username !== '' || url.password !== '')
    return false;
  const host = url.hostname;
  if (!HOST_NAME.test(host)) return false;
  return !PUSH_RULES.privateHostSuffixes.some((s) => host === s || host.endsWith(`.${s}`));
}

/** `bytes` bytes as base64url (RFC 4648 §5), with or without its padding. */
function base64urlOfBytes(bytes: number) {
  const chars = Math.ceil((bytes * 4) / 3);
  const padding = Math.ceil(bytes / 3) * 4 - chars;
  return z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${chars}}(?:={${padding}})?$`));
}

/** A browser's PushSubscription (its toJSON(): endpoint and keys; expirationTime and other members are dropped). */
export const pushSubscriptionDataSchema = z.object({
  endpoint: z.string().max(PUSH_RULES.endpointMaxLength).refine(isPublicPushEndpoint),
  keys: z.object({
    p256dh: base64urlOfBytes(PUSH_RULES.p256dhBytes),
    auth: base64urlOfBytes(PUSH_RULES.authBytes),
  }),
});
export type PushSubscriptionData = z.infer<typeof pushSubscriptionDataSchema>;

/** Reads a serialised subscription; anything that is not (short) JSON stays a string and fails as "not an object". */
function parseSerialised(value: unknown): unknown {
  if (typeof value !== 'string' || value.length > PUSH_RULES.serialisedMaxLength) return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** POST /api/user.php?push=1: `{ subscription }`, the subscription as an object or serialised (JSON string). */
export const pushSubscriptionSchema = z.object({
  subscription: z.preprocess(parseSerialised, pushSubscriptionDataSchema),
});

export const currentUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    main_image: photoUrlsSchema.nullable(),
    country: z.string(),
    status: z.string(),
  }),
  credits: z.number().int(),
  paid_user: z.boolean(),
  signup_date: z.string(),
  language: z.string(),
  fictional_icon: z.string(),
  status: z.string(),
  notifications_disabled: z.array(z.string()),
  /**
   * The signup step (shared/signup-steps.ts) the member has not passed yet, where /signup continues; null once the
   * steps are behind them. The server always sends it.
   */
  signup_step: z.number().int().min(1).max(SIGNUP_STEP_COUNT).nullable().optional(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/** POST /api/signup-step.php: the member passed (did or skipped) this signup step. */
export const signupStepPassedSchema = z.object({ step: z.number().int().min(1).max(SIGNUP_STEP_COUNT) });
export const userResponseSchema = z.object({ user: currentUserSchema.nullable() });

export const passwordChangeSchema = z
  .object({
    old_password: z.string().max(ACCOUNT_RULES.password.max),
    password: passwordSchema,
    password_confirm: z.string(),
  })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'validation.passwords_differ',
  });

export const passwordResetMailSchema = z.object({ email: emailSchema });
export const passwordResetSchema = z
  .object({ token: z.string().min(10).max(200), password: passwordSchema, password_confirm: z.string() })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'validation.passwords_differ',
  });

export const mailChangeSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).email('validation.email_new_invalid'),
  password: z.string().max(ACCOUNT_RULES.password.max),
});
export const tokenSchema = z.object({ token: z.string().min(10).max(200) });
export const activationEmailChangeSchema = z.object({ email: emailSchema });

export const DELETION_REASONS = [
  'found_partner',
  'no_matches',
  'too_expensive',
  'privacy',
  'too_many_mails',
  'taking_break',
  'other',
] as const;
export const accountDeleteSchema = z.object({
  reasons: z.array(z.enum(DELETION_REASONS)).max(DELETION_REASONS.length),
  comment: z.string().trim().max(1000).optional(),
  password: z.string().max(ACCOUNT_RULES.password.max),
});

export const sessionInfoSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  user_agent: z.string(),
  country: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export const sessionsResponseSchema = z.object({ sessions: z.array(sessionInfoSchema) });
export const sessionRevokeSchema = z.union([
  z.object({ id: z.number().int() }),
  z.object({ all_others: z.literal(true) }),
]);

export const deleteOffersResponseSchema = z.object({
  offers: z.object({
    change_email: z.boolean(),
    privacy_mode: z.boolean(),
    trial_package: z.boolean(),
    /** the trial package for the member's country (members who have not paid yet), bought in one step */
    trial: z
      .object({
        bundle_id: z.number().int(),
        credits: z.number().int(),
        amount: z.number().int(),
        currency: z.string(),
      })
      .nullable(),
    /** the company's delete_discount: POST /api/delete-offers.php { offer: 'discount' } makes the member's code */
    discount_percentage: z.number().int(),
  }),
});

/** POST /api/delete-offers.php: takes the discount offer; answers the member's own code (made once, kept while valid). */
export const takeDeleteOfferSchema = z.object({ offer: z.literal('discount') });
export const takeDeleteOfferResponseSchema = z.object({
  code: z.string(),
  percentage: z.number().int(),
  expires: z.string(),
});

export const okSchema = z.object({ ok: z.literal(true) });
