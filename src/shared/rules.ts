/**
 * Business constants from the product spec (section 9 and elsewhere).
 * Values the spec leaves open are defaults of site settings (see src/server/modules/sites/site-defaults.ts)
 * and documented in docs/configuration.md.
 */
export const RULES = {
  photos: { freeMax: 3, premiumMax: 25 },
  swipeGame: { likesPerDay: 4 },
  accountDeletion: { graceDays: 14 },
  timeBonus: { code: 'TIMEBONUS25', percentage: 25, windowSeconds: 14_400, popupDelayMs: 40_000 },
  welcomeDiscount: { percentage: 25 },
  freeMember: { maxStartedConversations: 2 },
  polling: { intervalMs: 60_000, intervalWithPushMs: 300_000, startDelayMs: 5_000 },
  autoLikeReloadDelayMs: 500,
  badges: { cap: 99, creditsWarnAtOrBelow: 10 },
  http: {
    retries: 5,
    retryBaseDelayMs: 250,
    requestTypeHeader: 'X-Request-Type',
    requestTypeValue: 'client',
  },
  cookies: {
    locale: { name: 'i18n_redirected', maxAgeDays: 365, sameSite: 'lax' as const },
    auth: { prefix: 'auth.', maxAgeDays: 30 },
  },
  geolocation: { maximumAgeMs: 3_600_000 },
  fetch: { minimumDelayMs: 200, prefetchIdleTimeoutMs: 2_000 },
  loadingBar: { throttleMs: 200, durationMs: 5_000 },
  chunkReload: { minIntervalMs: 60_000 },
  termsVersionDefault: '2023-12-01T12:00:00Z',
  premiumMatchChanceBoostPercent: 46,
} as const;

/** Spec section 3: interest values, in display order. */
export const INTERESTS = [
  'relationship',
  'onenightstand',
  'kissing',
  'hugging',
  'massages',
  'lingerie',
  'sex',
  'safesex',
  'publicsex',
  'oralsex',
  'analsex',
  'sextoys',
  'masturbating',
  'exchangingpictures',
  'threesome',
  'gangbang',
  'bondage',
  'sadomasochism',
  'gym',
  'sports',
  'dancing',
  'travelling',
  'adventure',
  'party',
  'tattoos',
  'music',
  'movies',
  'videogames',
  'politics',
  'outdoors',
  'gardening',
  'hiking',
  'biking',
  'reading',
  'animals',
  'beach',
  'art',
  'photography',
  'theater',
  'shopping',
  'fashion',
  'astrology',
  'cooking',
  'foodie',
  'bbq',
  'sushi',
  'vegetarian',
  'wine',
  'beer',
  'tea',
  'coffee',
] as const;
export type Interest = (typeof INTERESTS)[number];

/** Tracking query parameters (spec section 4): stored, then stripped from the URL. */
export const TRACKING_PARAMS = [
  'network',
  'ref',
  'sub',
  'sub1',
  'sub2',
  'sub3',
  'aff_sub',
  'aff_sub1',
  'aff_sub2',
  'aff_sub3',
  'cpc',
] as const;

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;

export const PAYMENT_METHODS = [
  'sdd',
  'prezelewy24',
  'postepay',
  'blik',
  'sct',
  'giropay',
  'mastercard',
  'visa',
  'creditcard',
  'nexi',
  'cartebancaire',
  'dankort',
  'mobilepay',
  'swish',
  'twint',
  'satispay',
  'vipps',
  'ideal',
  'bancontact',
  'applepay',
  'paysafecard',
  'maestro',
  'paypal',
  'sofort',
  'eps',
] as const;

/** Caps a badge count at 99+. */
export function badgeText(count: number): string {
  return count > RULES.badges.cap ? `${RULES.badges.cap}+` : String(count);
}

/** Support phone is shown cleaned of dashes and spaces. */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}

/** Terms version date: 2023-12-01 12:00 UTC unless the company's added date is later. */
export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const base = new Date(RULES.termsVersionDefault);
  if (!companyAdded) return base;
  const added = new Date(companyAdded);
  return Number.isNaN(added.getTime()) || added <= base ? base : added;
}

/** Account security and e-mail limits (spec sections 4, 8 and 9; values the spec leaves open are ours). */
export const ACCOUNT_RULES = {
  name: { min: 2, max: 30 },
  password: { min: 8, max: 128 },
  login: { maxFailuresPerAccount: 5, maxFailuresPerIp: 20, windowMinutes: 15, lockMinutes: 15 },
  tokens: { activationHours: 72, passwordResetHours: 2, mailChangeHours: 24, reactivateDays: 14 },
  mails: { passwordResetPerDay: 3, activationPerHour: 5 },
  session: { touchEveryMs: 5 * 60_000 },
} as const;
