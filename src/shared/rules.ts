/**
 * Business constants from the product spec (section 9 and elsewhere).
 * Values the spec leaves open are defaults of site settings (see src/server/modules/sites/site-defaults.ts)
 * and documented in docs/configuration.md.
 */
export const RULES = {
  photos: {
    freeMax: 3,
    premiumMax: 25,
    /**
     * Upload limits read from the image header before any pixel is decoded (docs/decisions.md): no side longer
     * than maxSidePx and at most maxPixels in all. 25 MP takes the default output of every phone camera (12 MP,
     * 12.5 MP of binned 50 MP sensors, 24 MP) and bounds the cost of one decode.
     */
    maxSidePx: 10_000,
    maxPixels: 25_000_000,
    /**
     * Image work (decode, resize, encode) per server instance: `concurrent` images at a time, each on one libvips
     * thread, and at most `maxWaiting` uploads waiting; beyond that the upload is answered 503 with Retry-After.
     */
    processing: { concurrent: 1, threadsPerImage: 1, maxWaiting: 4, retryAfterSeconds: 60 },
  },
  /**
   * Swipe game: likes a member may give there per UTC day; the deck's size per request; a passed member stays out of
   * the deck this many days.
   */
  /**
   * Swipe game. `hashedExclusionFromSwipes`: from this many likes and passes on, a deal after the deck cursor leaves out
   * the member's swiped members with one hashed set instead of index probes per member walked (matching.repo
   * swipeDeckSql): after a wrap the cursor walks back through everything swiped (docs/performance.md "Likes").
   */
  swipeGame: { likesPerDay: 4, deckSize: 20, passForgetDays: 30, hashedExclusionFromSwipes: 1000 },
  /**
   * Match finder: at most this many interests in the preferences; the ranking scores the `candidatePool` most
   * recently active members that pass the filters; pages of `pageSize`, at most `maxPages`. Whether a member's
   * default preferences find a page of candidates in the own area (else they look everywhere) is remembered for
   * `areaCheckSeconds` per instance.
   */
  matching: { maxInterests: 10, candidatePool: 600, pageSize: 24, maxPages: 10, areaCheckSeconds: 300 },
  /**
   * A signed-in member's defaults for what they have not chosen (src/shared/search-defaults.ts): the member search
   * and the match preferences look for the gender the member seeks, in their country, from their own age minus
   * `yearsYounger` to plus `yearsOlder` (within the searchable 18–99).
   */
  searchDefaults: { yearsYounger: 10, yearsOlder: 10 },
  /** GET /api/likes.php: cards per page of each tab (received, given, matches). */
  likes: { pageSize: 24 },
  accountDeletion: { graceDays: 14 },
  timeBonus: { code: 'TIMEBONUS25', percentage: 25, windowSeconds: 14_400, popupDelayMs: 40_000 },
  welcomeDiscount: { code: 'WELCOME25', percentage: 25 },
  /**
   * Trying discount codes (src/server/plugins/code-lookup-limits.ts): every look-up of a code (GET discountcode.php
   * with a code; a code sent with the direct-debit offer, the direct-debit form or a payment) counts against
   * `perMember` per signed-in member and `perAddress` per client address within `windowMinutes` (times
   * RATE_LIMIT_SCALE). Enough for a member who changes package and method a few times; too few to guess codes.
   * The welcome-code request names no code and does not count.
   */
  discountLookups: { perMember: 30, perAddress: 60, windowMinutes: 10 },
  /** The retention offers before account deletion: the discount code made for the member lasts this many days. */
  retention: { discountDays: 7, codePrefix: 'STAY' },
  /**
   * Direct debit with an SMS code (/directdebit; docs/payments.md "Direct debit"). A code of `codeDigits` digits
   * is valid `codeMinutes` and takes `attemptsPerCode` tries; a request sends at most `sendsPerRequest` codes (the
   * first included), `resendAfterSeconds` apart; a member is sent at most `smsPerHour` codes per hour and `smsPerDay`
   * per 24 hours, and one phone number, whoever asks, at most `smsPerNumberPerHour` and `smsPerNumberPerDay` (SMS
   * cost money: src/server/lib/sms/sms-limits.ts). Codes go only to mobile numbers of the site's countries. The debit
   * is collected `debitAfterBusinessDays` TARGET2 business days after the mandate (the date of the SEPA
   * pre-notification). The amount limit per member over `limitWindowDays` is a site setting.
   */
  directDebit: {
    codeDigits: 6,
    codeMinutes: 10,
    attemptsPerCode: 5,
    sendsPerRequest: 3,
    resendAfterSeconds: 60,
    smsPerHour: 6,
    smsPerDay: 10,
    smsPerNumberPerHour: 4,
    smsPerNumberPerDay: 8,
    debitAfterBusinessDays: 2,
    /**
     * Credits of a direct debit come when the provider marks it paid, which Mollie does about 9-10 TARGET2 business
     * days after the debit date (the bank's return window for an unpaid debit): the page and the pre-notification
     * mail promise them by this many business days after the debit date (docs/decisions.md "Direct debit").
     */
    creditsAfterBusinessDays: 10,
    limitWindowDays: 30,
  },
  /**
   * A payment whose create call got no answer (a timeout, a lost connection) is failed here, but the provider may
   * have made it: a webhook for an id we never stored adopts our row (named by the payment's metadata) for this many
   * days after the row was made (docs/payments.md "A create call without an answer").
   * `testProviderExpiryMinutes`: an open payment of the built-in test provider expires this long after it was made,
   * as an abandoned checkout does at Mollie (15 minutes for most of its methods; Mollie reports each payment's own
   * `expiresAt`). docs/payments.md "Abandoned checkouts".
   * Mollie does not promise a webhook for a chargeback, a reversed chargeback or a refund that fails (docs/payments.md
   * "Chargebacks and refunds without a webhook"): the chargeback scan lists new chargebacks every `chargebackScanMinutes` (first run: those of the last
   * `chargebackWindowDays`, the card schemes' longest dispute window with margin), and a refunded or charged-back
   * payment paid within that window is fetched again every `reversalRecheckHours`.
   */
  payments: {
    adoptUnansweredForDays: 60,
    testProviderExpiryMinutes: 15,
    chargebackScanMinutes: 10,
    chargebackWindowDays: 400,
    reversalRecheckHours: 24,
    /**
     * The methods switched on at the provider (Mollie's GET /v2/methods; active-methods.ts), kept per site, currency,
     * country and amount band (the band's top is what is asked; amounts above the last band in steps of it) for
     * `methodsCacheMinutes`. When the provider cannot be asked, the last good answer is served for up to
     * `methodsStaleMinutes` after it was fetched, else the static method table; the provider is asked again at most
     * every `methodsRetrySeconds` meanwhile.
     */
    methodsCacheMinutes: 5,
    methodsStaleMinutes: 60,
    methodsRetrySeconds: 30,
    methodsAmountBandsMinor: [1_000, 2_500, 5_000, 10_000, 25_000, 50_000, 100_000],
  },
  freeMember: { maxStartedConversations: 2 },
  /**
   * Chat (issue 11): messages per page (newest first) and the list preview's length. The costs, message_length,
   * free_messages and free_history_messages are site settings (docs/configuration.md). The same text sent to
   * `sameText.members` different members within `sameText.windowMinutes` is held for moderation.
   */
  chat: {
    pageSize: 30,
    previewChars: 80,
    /** the chat list shows the newest this many chats */
    listMax: 200,
    sameText: { members: 5, windowMinutes: 10 },
    typingEventMinIntervalMs: 3_000,
  },
  polling: { intervalMs: 60_000, intervalWithPushMs: 300_000, startDelayMs: 5_000 },
  autoLikeReloadDelayMs: 500,
  badges: { cap: 99, creditsWarnAtOrBelow: 10 },
  http: {
    retries: 5,
    retryBaseDelayMs: 250,
    requestTypeHeader: 'X-Request-Type',
    requestTypeValue: 'client',
    /** GET calls that carry the request-type header too: user.php (the spec) and logout.php (it changes state). */
    markedGetCalls: ['user.php', 'logout.php'],
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

// The interest values (spec section 3) live in interests.ts; they are part of these rules.
export { EXPLICIT_INTERESTS, INTERESTS, type Interest } from './interests';

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
  /**
   * Password guessing (docs/decisions.md, "Login lockout"). Every password check (login, password change, e-mail
   * change, account deletion) is counted before the password is looked at, against three keys:
   * - the account from one client address: `pairMaxFailures` failures within `windowMinutes` lock that pair for
   *   `lockMinutes` (a stranger locks only themselves);
   * - the client address, whatever the account: `ipMaxFailures` failures within `windowMinutes` lock it for
   *   `lockMinutes`;
   * - the account, from all addresses: after `accountFreeFailures` failures only one attempt per
   *   `accountSlowSeconds` (a slow-down, never a lock-out), until the account has had `windowMinutes` without one.
   * The cleanup job removes rows that no longer count every `cleanupEveryMinutes`.
   */
  login: {
    windowMinutes: 15,
    lockMinutes: 15,
    pairMaxFailures: 5,
    ipMaxFailures: 20,
    accountFreeFailures: 10,
    accountSlowSeconds: 60,
    cleanupEveryMinutes: 10,
  },
  tokens: { activationHours: 72, passwordResetHours: 2, mailChangeHours: 24, reactivateDays: 14 },
  mails: { passwordResetPerDay: 3, activationPerHour: 5 },
  session: { touchEveryMs: 5 * 60_000 },
} as const;

/** Limits every request's input must keep (src/server/plugins/input-guard.ts). */
export const INPUT_RULES = {
  /** nesting levels of objects and arrays in a body or query; no endpoint needs more than a few */
  maxDepth: 32,
} as const;

/** Web-push subscriptions (POST /api/user.php?push=1; docs/api.md). */
export const PUSH_RULES = {
  /** the subscription sent as a serialised PushSubscription (JSON string) */
  serialisedMaxLength: 4000,
  endpointMaxLength: 1024,
  /** keys.p256dh: an uncompressed P-256 public key (RFC 8291) */
  p256dhBytes: 65,
  /** keys.auth: the authentication secret (RFC 8291) */
  authBytes: 16,
  /** host names ending in one of these (or equal to one) are never a public push service */
  privateHostSuffixes: [
    'localhost',
    'local',
    'internal',
    'localdomain',
    'lan',
    'home',
    'corp',
    'intranet',
    'arpa',
    'test',
    'invalid',
    'example',
    'onion',
  ],
} as const;

/** The gifts a member can send in chat (illustrations drawn locally: src/web/features/chat/components/GiftArt). */
export const GIFT_IDS = [
  'rose',
  'heart',
  'coffee',
  'chocolate',
  'champagne',
  'teddy',
  'sunflower',
  'star',
] as const;
export type GiftId = (typeof GIFT_IDS)[number];

/** Suggested openers for an empty conversation (texts per locale in the chat namespace, icebreakers.<id>). */
export const ICEBREAKER_IDS = [
  'weekend',
  'travel',
  'music',
  'food',
  'photo',
  'laugh',
  'perfect_date',
  'movie',
] as const;

// The staff console's and the consumer-law constants live in files of their own, and are part of this module.
export * from './rules-consumer-law';
export * from './rules-notifications';
export * from './rules-safety';
export * from './rules-staff';
