/** Business constants of the staff console: staff accounts, and notices, decisions and appeals (issue 22). */

/** Staff of the console (issue 22; docs/decisions.md, "Staff accounts"). */
export const STAFF_RULES = {
  roles: ['moderator', 'admin'] as const,
  cookie: { name: 'staff_token', path: '/api/admin', challengeName: 'staff_challenge' },
  /** a session ends 12 h after sign-in, or after 30 min without a request; last_seen_at is written once a minute */
  session: { absoluteHours: 12, idleMinutes: 30, touchEveryMs: 60_000 },
  /** between password and TOTP code: single use, minutes, wrong codes allowed on one ticket */
  challenge: { minutes: 5, maxAttempts: 5 },
  /** TOTP (RFC 6238: 6 digits, 30 s); codes of the step before and after are accepted, each code once */
  totp: { issuer: 'Amora staff', periodSeconds: 30, windowSteps: 1 },
  invite: { hours: 72 },
  password: { min: 12, max: 128 },
  name: { min: 2, max: 60 },
  audit: { pageSize: 50 },
} as const;

/** Notices, decisions and appeals (issue 22, points 4 and 5; DSA Art. 16, 17, 20). */
export const MODERATION_RULES = {
  /** appeals are open this long after a decision (Art. 20(1): at least six months) */
  appealMonths: 6,
  /** the link a login refusal gives to the ban page with the statement */
  loginLinkHours: 24,
  /** messages of the conversation shown with a notice (and kept in its evidence) */
  evidenceMessages: 30,
  /** suspensions last at most this many days */
  maxSuspensionDays: 365,
  /** /complaints: per client address and hour */
  complaintsPerHour: 5,
  queuePageSize: 20,
} as const;
