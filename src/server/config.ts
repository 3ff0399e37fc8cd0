import path from 'node:path';
import { z } from 'zod';
import type { S3StorageOptions } from './lib/s3-storage';

/** Environment -> typed config. A wrong value stops start-up with a message naming the variable. */
const urlWithProtocols = (protocols: string[]) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
  );

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Which proxies to believe about the client's address (X-Forwarded-For): none, the nearest N hops, or the proxies at
 * these addresses. Never "any": then a client could name its own address in the header.
 */
export type TrustProxy = false | number | string[];
const TRUST_PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: urlWithProtocols(['postgres:', 'postgresql:']).optional(),
  REDIS_URL: urlWithProtocols(['redis:', 'rediss:']).optional(),
  SMTP_URL: urlWithProtocols(['smtp:', 'smtps:']).optional(),
  /** the shared secret of POST /api/mail-events.php (bounces and complaints); unset: that webhook is off */
  MAIL_EVENTS_SECRET: z.string().min(24, 'must be at least 24 characters').optional(),
  /** the VAPID subject: a mailto: or https: address push services can reach the operator at */
  PUSH_VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)\S+$/, 'must start with mailto: or https://')
    .optional(),
  PUBLIC_URL: urlWithProtocols(['http:', 'https:']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((v, ctx): TrustProxy => {
      const t = v.trim().toLowerCase();
      if (['false', '0', 'no'].includes(t)) return false;
      if (['true', 'yes'].includes(t)) return 1;
      if (/^\d+$/.test(t)) return Math.min(Number(t), 10);
      const list = t.split(',').map((a) => a.trim());
      if (
        list.every((a) => /^(?:[0-9.]+|[0-9a-f:]+)(?:\/\d{1,3})?$/.test(a) || TRUST_PROXY_NAMES.includes(a))
      )
        return list;
      ctx.addIssue({
        code: 'custom',
        message:
          'must be false, a number of proxy hops (true = 1), or a comma-separated list of proxy addresses/CIDRs (or loopback, linklocal, uniquelocal)',
      });
      return false;
    }),
  API_DOCS: bool.optional(),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(1000).default(300),
  DEMO_CONTENT: bool.optional(),
  DEFAULT_SITE_DOMAIN: z
    .string()
    .regex(/^[a-z0-9.-]+$/i, 'must be a bare host name such as localhost or example.com')
    .optional(),
  WEB_DIST_DIR: z.string().min(1).default('./dist/web'),
  COMPRESS_RESPONSES: bool.default(true),
  SERVE_UNKNOWN_HOSTS: bool.optional(),
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (a random secret)').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(300).optional(),
  RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(1_000_000).default(1),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_[A-Za-z0-9]{20,}$/, 'must be a Mollie API key (test_… or live_…)')
    .optional(),
  /** Mollie's API base URL (tests point it at a local fake). */
  MOLLIE_API_ENDPOINT: urlWithProtocols(['https:']).optional(),
  /** Allow the built-in test payment provider in production (never for real members: anyone could "pay"). */
  PAYMENT_TEST_PROVIDER: bool.optional(),
  /** Verotel FlexPay (the adult niches' provider, docs/payments-verotel.md): the website's shop ID and signature key. */
  VEROTEL_SHOP_ID: z
    .string()
    .regex(/^[0-9]{1,12}$/, 'must be the numeric shop (website) ID')
    .optional(),
  VEROTEL_SIGNATURE_KEY: z.string().min(8).max(200).optional(),
  /** The FlexPay brand's order and status host (Verotel: https://secure.verotel.com; CardBilling, …: their own). */
  VEROTEL_FLEXPAY_URL: urlWithProtocols(['https:']).default('https://secure.verotel.com'),
  /** The Control Center API (refunds), given by Verotel on request: base URL, user and password. */
  VEROTEL_CC_API_URL: urlWithProtocols(['https:']).optional(),
  VEROTEL_CC_API_USER: z.string().min(1).optional(),
  VEROTEL_CC_API_PASSWORD: z.string().min(1).optional(),
  SEARCH_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(30),
  /** Data exports (modules/data-export): days a prepared zip stays downloadable; hours between a member's requests. */
  DATA_EXPORT_KEEP_DAYS: z.coerce.number().int().min(1).max(90).default(7),
  DATA_EXPORT_INTERVAL_HOURS: z.coerce.number().int().min(0).max(720).default(24),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name (3–63 lower-case letters, digits, dots, hyphens)',
    )
    .optional(),
  S3_PREFIX: z
    .string()
    .regex(/^([a-z0-9_-]+\/)*$/i, 'must be empty or folder names each ending in /, e.g. media/')
    .default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: urlWithProtocols(['http:', 'https:']).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** SMS (direct-debit codes): `outbox` keeps them in the outbox (dev mailbox), `twilio` sends them (docs/configuration.md). */
  SMS_GATEWAY: z.enum(['outbox', 'twilio']).optional(),
  TWILIO_ACCOUNT_SID: z
    .string()
    .regex(/^AC[0-9a-f]{32}$/, 'must be a Twilio Account SID (AC followed by 32 hex digits)')
    .optional(),
  TWILIO_AUTH_TOKEN: z
    .string()
    .regex(/^[0-9a-f]{32}$/, 'must be a Twilio auth token (32 hex digits)')
    .optional(),
  TWILIO_FROM: z
    .string()
    .regex(
      /^(\+[1-9]\d{6,14}|(?=.*[A-Za-z])[A-Za-z0-9 ]{1,11})$/,
      'must be a Twilio number in E.164 (+14155550100) or an alphanumeric sender id of at most 11 characters',
    )
    .optional(),
  TWILIO_MESSAGING_SERVICE_SID: z
    .string()
    .regex(/^MG[0-9a-f]{32}$/, 'must be a Twilio Messaging Service SID (MG followed by 32 hex digits)')
    .optional(),
});

export type Env = z.input<typeof envSchema>;

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** POST /api/mail-events.php's shared secret (docs/notifications.md); undefined: the webhook answers 404 */
  mailEventsSecret: string | undefined;
  /** VAPID subject of web push */
  pushVapidSubject: string;
  publicUrl: string;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Serve the OpenAPI document and its UI at /api/docs (default: outside production only). */
  apiDocs: boolean;
  /** Lifetime of cached session lookups (modules/auth/session-cache.ts); 0 turns the cache off. */
  sessionCacheSeconds: number;
  /** PostgreSQL connections per instance (DATABASE_POOL_SIZE) */
  databasePoolSize: number;
  /** How far the JS heap may grow past what the last full GC kept, in % (lib/heap-growth.ts); 0: V8 decides. */
  heapGrowthPercent: number;
  /** Seed demo members on first start (default: only on the embedded database outside production). */
  demoContent: boolean;
  /** Domain of the site created on first start. */
  defaultSiteDomain: string;
  webDistDir: string;
  /** Prometheus metrics: on the app's port at /metrics behind this bearer token, and/or on a port of their own. */
  metrics: { token: string | undefined; port: number | undefined; host: string };
  /** Serve the default site on every host name that is no site's (127.0.0.1, a LAN address); development only. */
  serveUnknownHosts: boolean;
  /** How long start-up waits for PostgreSQL to accept connections (a database that starts after the app). */
  databaseWaitSeconds: number;
  /** On SIGTERM, how long /readyz answers 503 while requests are still served, before the instance closes. */
  shutdownDrainSeconds: number;
  /** Compress dynamic answers with brotli/gzip (plugins/compression.ts); false when a proxy in front compresses. */
  compressResponses: boolean;
  /** Multiplies every rate limit (for load tests and browser-test runs; 1 in production). */
  rateLimitScale: number;
  /** Lifetime of the member-search caches (search.cache.ts); 0 turns them off. */
  searchCacheSeconds: number;
  /** Data exports: a zip is kept `keepDays`, a member may ask again `intervalHours` after the last request. */
  dataExport: { keepDays: number; intervalHours: number };
  /** Photo storage in an S3-compatible bucket (S3_BUCKET set); undefined: the local folder DATA_DIR/media. */
  s3: S3StorageOptions | undefined;
  /** Payments: Mollie when MOLLIE_API_KEY is set, else the built-in test provider (refused in production unless allowed). */
  payments: { provider: 'mollie'; apiKey: string; apiEndpoint: string | undefined } | { provider: 'test' };
  /**
   * Verotel FlexPay for sites whose payment_provider is 'verotel': live with a shop ID and signature key; else, outside
   * production, the local fake (providers/flexpay-fake); in production without them such sites take no payments.
   */
  verotel:
    | {
        mode: 'live';
        shopId: string;
        signatureKey: string;
        flexpayUrl: string;
        controlCenter: { url: string; user: string; password: string } | undefined;
      }
    | { mode: 'fake' }
    | { mode: 'off' };
  /** SMS: Twilio when configured (all of TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and a sender), else the outbox. */
  sms:
    | { gateway: 'outbox' }
    | {
        gateway: 'twilio';
        accountSid: string;
        authToken: string;
        from: string | undefined;
        messagingServiceSid: string | undefined;
      };
}

/** Variables whose values never appear in a configuration error. */
const SECRET_ENV = new Set([
  'MOLLIE_API_KEY',
  'VEROTEL_SIGNATURE_KEY',
  'VEROTEL_CC_API_PASSWORD',
  'S3_SECRET_ACCESS_KEY',
  'SMTP_URL',
  'MAIL_EVENTS_SECRET',
  'DATABASE_URL',
  'REDIS_URL',
  'TWILIO_ACCOUNT_SID',
  'TWILIO_AUTH_TOKEN',
]);

export class ConfigError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * The SMS gateway: Twilio once any TWILIO_* variable (or SMS_GATEWAY=twilio) is given, and then all of it must be:
 * a half-configured gateway would lose every code, so it stops start-up, naming the missing variables (never values).
 */
function smsConfig(e: z.infer<typeof envSchema>): AppConfig['sms'] {
  const given = Boolean(
    e.TWILIO_ACCOUNT_SID || e.TWILIO_AUTH_TOKEN || e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID,
  );
  if (e.SMS_GATEWAY === 'outbox' || (!given && e.SMS_GATEWAY !== 'twilio')) {
    if (given)
      throw new ConfigError([
        'SMS_GATEWAY=outbox: remove the TWILIO_* variables, or set SMS_GATEWAY=twilio (or leave it unset) to use them',
      ]);
    return { gateway: 'outbox' };
  }
  const missing = [
    ...(e.TWILIO_ACCOUNT_SID ? [] : ['TWILIO_ACCOUNT_SID']),
    ...(e.TWILIO_AUTH_TOKEN ? [] : ['TWILIO_AUTH_TOKEN']),
    ...(e.TWILIO_FROM || e.TWILIO_MESSAGING_SERVICE_SID
      ? []
      : ['TWILIO_FROM or TWILIO_MESSAGING_SERVICE_SID']),
  ];
  if (missing.length > 0 || !e.TWILIO_ACCOUNT_SID || !e.TWILIO_AUTH_TOKEN)
    throw new ConfigError([
      `SMS gateway Twilio is half-configured: also set ${missing.join(', ')} (or remove the TWILIO_* variables to keep SMS in the outbox)`,
    ]);
  return {
    gateway: 'twilio',
    accountSid: e.TWILIO_ACCOUNT_SID,
    authToken: e.TWILIO_AUTH_TOKEN,
    from: e.TWILIO_FROM,
    messagingServiceSid: e.TWILIO_MESSAGING_SERVICE_SID,
  };
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map(
        (i) =>
          `${i.path.join('.') || '(env)'}: ${i.message} (got ${
            SECRET_ENV.has(String(i.path[0]))
              ? 'a value that is not shown'
              : JSON.stringify(cleaned[String(i.path[0])] ?? null)
          })`,
      ),
    );
  }
  const e = parsed.data;
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError([
      'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both, or neither (the SDK default credentials are used then)',
    ]);
  }
  if (!e.MOLLIE_API_KEY && e.NODE_ENV === 'production' && !e.PAYMENT_TEST_PROVIDER) {
    throw new ConfigError([
      'MOLLIE_API_KEY: required in production (or set PAYMENT_TEST_PROVIDER=true to run the built-in test provider, never with real members)',
    ]);
  }
  if (Boolean(e.VEROTEL_SHOP_ID) !== Boolean(e.VEROTEL_SIGNATURE_KEY)) {
    throw new ConfigError(['VEROTEL_SHOP_ID and VEROTEL_SIGNATURE_KEY: set both, or neither']);
  }
  const sms = smsConfig(e);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailEventsSecret: e.MAIL_EVENTS_SECRET,
    pushVapidSubject: e.PUSH_VAPID_SUBJECT ?? `mailto:postmaster@${new URL(publicUrl).hostname}`,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    apiDocs: e.API_DOCS ?? e.NODE_ENV !== 'production',
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    heapGrowthPercent: e.HEAP_GROWTH_PERCENT,
    demoContent: e.DEMO_CONTENT ?? (!e.DATABASE_URL && e.NODE_ENV !== 'production'),
    defaultSiteDomain: (e.DEFAULT_SITE_DOMAIN ?? new URL(publicUrl).hostname).toLowerCase(),
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    compressResponses: e.COMPRESS_RESPONSES,
    databaseWaitSeconds: e.DATABASE_WAIT_SECONDS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT, host: e.METRICS_HOST },
    // Never in production, whatever the variable says: a host that is no site's must not get a site's pages.
    serveUnknownHosts: e.NODE_ENV === 'development' && (e.SERVE_UNKNOWN_HOSTS ?? true),
    // A load balancer that asks /readyz every 2 s has stopped sending members after 5; nothing waits on a laptop.
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS ?? (e.NODE_ENV === 'production' ? 5 : 0),
    rateLimitScale: e.RATE_LIMIT_SCALE,
    searchCacheSeconds: e.SEARCH_CACHE_SECONDS,
    dataExport: { keepDays: e.DATA_EXPORT_KEEP_DAYS, intervalHours: e.DATA_EXPORT_INTERVAL_HOURS },
    sms,
    payments: e.MOLLIE_API_KEY
      ? { provider: 'mollie', apiKey: e.MOLLIE_API_KEY, apiEndpoint: e.MOLLIE_API_ENDPOINT }
      : { provider: 'test' },
    verotel:
      e.VEROTEL_SHOP_ID && e.VEROTEL_SIGNATURE_KEY
        ? {
            mode: 'live',
            shopId: e.VEROTEL_SHOP_ID,
            signatureKey: e.VEROTEL_SIGNATURE_KEY,
            flexpayUrl: e.VEROTEL_FLEXPAY_URL.replace(/\/$/, ''),
            controlCenter:
              e.VEROTEL_CC_API_URL && e.VEROTEL_CC_API_USER && e.VEROTEL_CC_API_PASSWORD
                ? {
                    url: e.VEROTEL_CC_API_URL,
                    user: e.VEROTEL_CC_API_USER,
                    password: e.VEROTEL_CC_API_PASSWORD,
                  }
                : undefined,
          }
        : e.NODE_ENV === 'production'
          ? { mode: 'off' }
          : { mode: 'fake' },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          prefix: e.S3_PREFIX,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          credentials:
            e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
              ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
              : undefined,
        }
      : undefined,
  };
}
