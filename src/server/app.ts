import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Redis } from 'ioredis';
import { CANCEL_RULES, MODERATION_RULES } from '../shared/rules';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { type EventBus, LocalEventBus, RedisEventBus } from './lib/event-bus';
import { lazyChildLogger } from './lib/lazy-child-logger';
import { logSerializers, REDACT_PATHS } from './lib/log-redaction';
import { createMediaStorage } from './lib/media-storage';
import { AppMetrics, type PoolStats } from './lib/metrics';
import type { MediaStorage } from './lib/storage';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { appManifestRoutes } from './modules/app-manifest/app-manifest.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { blocksRoutes } from './modules/blocks/blocks.routes';
import { camsRoutes } from './modules/cams/cams.routes';
import { cancellationsRoutes } from './modules/cancellations/cancellations.routes';
import { chatRoutes } from './modules/chat/chat.routes';
import { chatSinceRoutes } from './modules/chat/chat-since';
import { withBillingDescriptor } from './modules/consents/billing-descriptor';
import { consentsRoutes } from './modules/consents/consents.routes';
import { dataExportAdminRoutes } from './modules/data-export/data-export.admin-routes';
import { dataExportRoutes } from './modules/data-export/data-export.routes';
import { decisionsRoutes } from './modules/decisions/decisions.routes';
import { directDebitRoutes } from './modules/directdebit/directdebit.routes';
import { smsStatusRoutes } from './modules/directdebit/directdebit.sms-status.routes';
import { discountsAdminRoutes } from './modules/discounts/discounts.admin-routes';
import { discountsRoutes } from './modules/discounts/discounts.routes';
import { figuresAdminRoutes } from './modules/figures/figures.admin-routes';
import { visitsRoutes } from './modules/figures/visits.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { geocodeRoutes } from './modules/geo/geocode.routes';
import { healthRoutes } from './modules/health/health.routes';
import { interestsRoutes } from './modules/interests/interests.routes';
import { landersRoutes } from './modules/landers/landers.routes';
import { likesRoutes } from './modules/likes/likes.routes';
import { liveRoutes } from './modules/live/live.routes';
import { matchingRoutes } from './modules/matching/matching.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { memberProfileRoutes } from './modules/member-profile/member-profile.routes';
import { membersRoutes } from './modules/members/members.routes';
import { membersAdminRoutes } from './modules/members-admin/members-admin.admin-routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import { devMailboxRoutes } from './modules/outbox/dev-mailbox.routes';
import { catalogueAdminRoutes } from './modules/payments/catalogue.admin-routes';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { registerPaymentProvider } from './modules/payments/providers';
import { type FlexpaySetup, registerFlexpay } from './modules/payments/providers/flexpay-register';
import type { PaymentProvider } from './modules/payments/providers/provider';
import { providerList } from './modules/payments/providers/provider-set';
import { NsfwjsClassifier, type PhotoClassifier } from './modules/photos/photo-classifier';
import { PhotoScreening } from './modules/photos/photo-screening';
import { photosAdminRoutes } from './modules/photos/photos.admin-routes';
import { photosRoutes } from './modules/photos/photos.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { profilesAdminRoutes } from './modules/profiles-admin/profiles-admin.admin-routes';
import { complaintsRoutes } from './modules/reports/complaints.routes';
import { reportsAdminRoutes } from './modules/reports/reports.admin-routes';
import { reportsRoutes } from './modules/reports/reports.routes';
import { connectSearchCaches } from './modules/search/search.cache';
import { searchRoutes } from './modules/search/search.routes';
import { PageHeads } from './modules/seo/page-heads';
import { seoRoutes } from './modules/seo/seo.routes';
import { SiteDirectory } from './modules/sites/site-directory';
import { sitesAdminRoutes } from './modules/sites/sites.admin-routes';
import { sitesRoutes } from './modules/sites/sites.routes';
import { inviteAcceptRoutes } from './modules/staff/invite-accept.routes';
import { staffAdminRoutes } from './modules/staff/staff-admin.routes';
import { staffAuthRoutes } from './modules/staff/staff-auth.routes';
import { staffGuardPlugin } from './modules/staff/staff-guard';
import { FaceApiReader, type FaceReader } from './modules/verification/face-analyzer';
import { verificationAdminRoutes } from './modules/verification/verification.admin-routes';
import { verificationRoutes } from './modules/verification/verification.routes';
import { VerificationRunner } from './modules/verification/verification-runner';
import { profileVisitsRoutes } from './modules/visits/visits.routes';
import { withdrawalRoutes } from './modules/withdrawal/withdrawal.routes';
import { compressionPlugin } from './plugins/compression';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { inputGuardPlugin } from './plugins/input-guard';
import { localePlugin } from './plugins/locale';
import { metricsPlugin } from './plugins/metrics';
import { redisRateLimitStore } from './plugins/rate-limit-store';
import { routeLimitsPlugin } from './plugins/rate-limits';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { sitePlugin } from './plugins/site';
import { spaPlugin } from './plugins/spa';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  redis?: Redis | undefined;
  pushPublicKey: string | null;
  /** Photo storage; by default the one the configuration names (createMediaStorage). */
  storage?: MediaStorage | undefined;
  /** Prefix of the rate-limit counters in Redis (all instances of one deployment share 'rl:'; tests use their own). */
  rateLimitNamespace?: string | undefined;
  /** Messages between instances; by default Redis pub/sub when `redis` is given, else in-process. */
  bus?: EventBus | undefined;
  /** Overrides the pino logger options (tests pass false). */
  logger?: boolean | object;
  /** Writes the production-shaped logs (serializers, redaction) to this stream instead (tests of the logs). */
  logStream?: { write(line: string): void } | undefined;
  /** The instance's metrics; by default a new set (tests read them). */
  metrics?: AppMetrics | undefined;
  /** The PostgreSQL pool's connection counts for the metrics (Database.poolStats). */
  poolStats?: (() => PoolStats) | undefined;
  /** The payment provider; by default the configured one (tests pass failing ones). */
  paymentProvider?: PaymentProvider | undefined;
  /** Verotel FlexPay for the adult niches' sites; by default the configured one or the development fake (tests pass theirs). */
  flexpay?: FlexpaySetup | undefined;
  /** Scores new photos for nudity; by default nsfwjs, loaded on first use (tests of the queue pass their own). */
  photoClassifier?: PhotoClassifier | undefined;
  /** Reads faces for photo verification; by default face-api in a worker thread, started on first use. */
  faceReader?: FaceReader | undefined;
}

/** Fastify's option for TRUST_PROXY: N hops becomes "trust the N nearest proxies", never "trust anybody". */
function trustProxyOption(
  trust: AppConfig['trustProxy'],
): false | string[] | ((addr: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_addr, hop) => hop < trust;
  return trust;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const loggerBase = {
    level: config.logLevel,
    serializers: logSerializers,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  };
  const app = Fastify({
    logger: deps.logStream
      ? { ...loggerBase, stream: deps.logStream }
      : (deps.logger ??
        (config.isProduction
          ? loggerBase
          : {
              ...loggerBase,
              transport: {
                target: 'pino-pretty',
                options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
              },
            })),
    childLoggerFactory: lazyChildLogger,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Messages between instances (session-cache invalidation): Redis pub/sub when configured, else in-process.
  const bus =
    deps.bus ??
    (deps.redis
      ? new RedisEventBus(deps.redis, (err) => app.log.warn({ err }, 'event bus'))
      : new LocalEventBus());
  if (!deps.bus) app.addHook('onClose', async () => bus.close());
  // The search caches clear when any instance announces a change of who may see whom (search.cache.ts).
  const disconnectSearchCaches = connectSearchCaches(bus);
  app.addHook('onClose', async () => disconnectSearchCaches());

  await app.register(metricsPlugin, {
    metrics: deps.metrics ?? new AppMetrics({ db: deps.db, poolStats: deps.poolStats }),
    token: config.metrics.token,
  });
  await app.register(fastifyCookie);
  // Before the static files and every route, so its hook sees every answer (@fastify/compress's rule).
  if (config.compressResponses) await app.register(compressionPlugin);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(inputGuardPlugin);
  await app.register(securityHeadersPlugin, { isProduction: config.isProduction });
  // Rate limits key on the matched route (plugins/matched-route.ts), never on the raw URL.
  await app.register(routeLimitsPlugin, { scale: config.rateLimitScale });
  await app.register(fastifyRateLimit, {
    global: false,
    // Counters in Redis when configured. When Redis does not answer, ordinary limits let requests through and the
    // guessing limits (FAIL_CLOSED) refuse them with a fast 503 (plugins/rate-limit-store.ts).
    ...(deps.redis ? { store: redisRateLimitStore(deps.redis, deps.rateLimitNamespace ?? 'rl:') } : {}),
    skipOnError: true,
    // The x-ratelimit-* headers only on a refusal (with Retry-After), not on every answer.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
  });
  if (config.apiDocs) {
    await app.register(fastifySwagger, {
      openapi: { info: { title: 'Amora API', version: '1' } },
      transform: jsonSchemaTransform,
    });
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });
  }

  await app.register(dbPlugin, { db: deps.db });
  const mediaStorage = deps.storage ?? createMediaStorage(config);
  await app.register(healthRoutes, {
    db: deps.db,
    redis: deps.redis,
    storage: mediaStorage,
    onFailure: (check, err) => app.log.warn({ err, check }, 'readiness check failed'),
  });
  const siteDirectory = new SiteDirectory(
    deps.db,
    undefined,
    config.serveUnknownHosts ? config.defaultSiteDomain : undefined,
  );
  // A site changed in the staff console is reloaded at once on every instance (sites.admin-routes.ts).
  const stopSiteDirectory = siteDirectory.listen(bus);
  app.addHook('onClose', async () => stopSiteDirectory());
  await app.register(sitePlugin, { directory: siteDirectory });
  await app.register(sessionPlugin, {
    secureCookies: config.isProduction,
    bus,
    cacheTtlMs: config.sessionCacheSeconds * 1000,
  });
  // The staff console's guard: before every /api/admin/ route (it refuses one that declares no config.staff).
  await app.register(staffGuardPlugin, { secureCookies: config.isProduction });

  await app.register(sitesRoutes, { pushPublicKey: deps.pushPublicKey, secureCookies: config.isProduction });
  await app.register(interestsRoutes);
  await app.register(geoRoutes);
  await app.register(membersRoutes, { cacheSeconds: config.searchCacheSeconds });
  await app.register(landersRoutes);
  await app.register(searchRoutes, { cacheSeconds: config.searchCacheSeconds });
  const scale = config.rateLimitScale;
  await app.register(authRoutes, { loginRateLimit: 30 * scale });
  await app.register(accountsRoutes, {
    links: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
    mailRateLimit: 20 * scale,
  });
  await app.register(profilesRoutes);
  // New photos are scored behind the upload (photo-screening.ts); the scheduler's job drains what is left.
  const photoScreening = new PhotoScreening({
    db: deps.db,
    storage: mediaStorage,
    classifier: deps.photoClassifier ?? new NsfwjsClassifier(),
    warn: (msg, err) => app.log.warn({ err }, msg),
  });
  app.decorate('photoScreening', photoScreening);
  app.addHook('onClose', async () => photoScreening.stop());
  await app.register(photosRoutes, { storage: mediaStorage, screening: photoScreening });
  await app.register(memberProfileRoutes);
  // Photo verification (issue 21): selfies are checked behind the request, the face model in its own thread.
  const faceReader = deps.faceReader ?? new FaceApiReader();
  const verificationRunner = new VerificationRunner({
    db: deps.db,
    storage: mediaStorage,
    reader: faceReader,
    warn: (msg, err) => app.log.warn({ err }, msg),
  });
  app.decorate('verificationRunner', verificationRunner);
  app.addHook('onClose', async () => {
    await verificationRunner.stop();
    if (faceReader instanceof FaceApiReader) await faceReader.close();
  });
  await app.register(verificationRoutes, { storage: mediaStorage, runner: verificationRunner });
  // Payments carry the site's neutral billing descriptor as their description (issue 23, discreet mode).
  const paymentProvider = withBillingDescriptor(
    deps.db,
    await registerPaymentProvider(app, config, deps.db, deps.paymentProvider),
  );
  app.decorate('paymentProvider', paymentProvider);
  // Sites on Verotel FlexPay (sites.payment_provider; issue 23, point 6), with the same billing descriptor.
  const flexpay = await registerFlexpay(app, config, deps.db, deps.flexpay);
  const adultPaymentProvider = flexpay ? withBillingDescriptor(deps.db, flexpay) : undefined;
  app.decorate('adultPaymentProvider', adultPaymentProvider);
  await app.register(paymentsRoutes, {
    provider: paymentProvider,
    adultProvider: adultPaymentProvider,
    publicUrl: config.publicUrl,
  });
  const everyPaymentProvider = providerList(paymentProvider, adultPaymentProvider);
  app.decorate('paymentProviders', everyPaymentProvider);
  await app.register(withdrawalRoutes, {
    provider: everyPaymentProvider,
    links: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
  });
  await app.register(cancellationsRoutes, {
    provider: paymentProvider,
    links: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
    perHour: CANCEL_RULES.perHour * scale,
  });
  await app.register(discountsRoutes);
  await app.register(directDebitRoutes, {
    provider: paymentProvider,
    publicUrl: config.publicUrl,
    smsAvailable: config.sms.gateway === 'twilio' || !config.isProduction,
    rateLimitScale: scale,
  });
  await app.register(smsStatusRoutes, {
    twilioAuthToken: config.sms.gateway === 'twilio' ? config.sms.authToken : undefined,
    publicUrl: config.publicUrl,
  });
  await app.register(blocksRoutes);
  await app.register(reportsRoutes);
  await app.register(complaintsRoutes, { perHour: MODERATION_RULES.complaintsPerHour * scale });
  await app.register(reportsAdminRoutes);
  await app.register(decisionsRoutes, {
    links: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
    appealRateLimit: 10 * scale,
  });
  await app.register(liveRoutes, { bus });
  await app.register(likesRoutes);
  await app.register(notificationsRoutes, { mailEventsSecret: config.mailEventsSecret });
  await app.register(matchingRoutes);
  await app.register(camsRoutes);
  await app.register(privacyRoutes);
  await app.register(profileVisitsRoutes);
  await app.register(consentsRoutes);
  await app.register(geocodeRoutes, { rateLimitMax: 60 * scale });
  if (!config.isProduction) await app.register(devMailboxRoutes);

  // The staff console (/api/admin/…, issue 22): staff sign-in first, then each area's console routes.
  await app.register(staffAuthRoutes, { loginRateLimit: 30 * scale, secureCookies: config.isProduction });
  await app.register(inviteAcceptRoutes, { rateLimit: 30 * scale });
  await app.register(staffAdminRoutes, {
    links: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
  });
  await app.register(profilesAdminRoutes, {
    storage: mediaStorage,
    afterUpload: () => photoScreening.kick(),
  });
  await app.register(membersAdminRoutes, { storage: mediaStorage });
  await app.register(sitesAdminRoutes, { bus });
  await app.register(catalogueAdminRoutes);
  await app.register(discountsAdminRoutes);
  await app.register(photosAdminRoutes, { storage: mediaStorage });
  await app.register(verificationAdminRoutes, { storage: mediaStorage });
  await app.register(dataExportRoutes, { storage: mediaStorage, settings: config.dataExport });
  await app.register(dataExportAdminRoutes, { storage: mediaStorage });
  await app.register(figuresAdminRoutes);
  await app.register(visitsRoutes, { rateLimitScale: scale });

  await app.register(chatRoutes, { storage: mediaStorage });
  await app.register(chatSinceRoutes);
  await app.register(mediaRoutes, { storage: mediaStorage });
  const seoLinks = { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain };
  await app.register(seoRoutes, { links: seoLinks });
  await app.register(appManifestRoutes);
  const pageHeads = new PageHeads(deps.db, seoLinks, config.webDistDir);
  await app.register(spaPlugin, {
    webDistDir: config.webDistDir,
    pageHtml: (req, pathname, status) => pageHeads.html(req, pathname, status),
  });
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The configured payment provider (the re-check job uses it too). */
    paymentProvider: PaymentProvider;
    /** Verotel FlexPay for sites whose payment_provider is 'verotel'; undefined when not configured (production). */
    adultPaymentProvider: PaymentProvider | undefined;
    /** Every provider this instance has: work on a stored payment goes to the one that took it (payments.provider). */
    paymentProviders: readonly PaymentProvider[];
    /** The photo screening queue (the scheduler's job drains it; tests wait for it with idle()). */
    photoScreening: PhotoScreening;
    /** Photo verification's queue and jobs (tests wait for it with idle()). */
    verificationRunner: VerificationRunner;
  }
}
