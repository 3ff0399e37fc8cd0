import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import { NOTIFICATION_TIMING } from '../shared/rules';
import { buildApp } from './app';
import type { AppConfig } from './config';
import { type Database, openDatabase } from './db/client';
import { seedDemoContent } from './demo/seed-demo';
import { seedDemoCams } from './demo/seed-demo-cams';
import { notificationDispatchJob, notificationSweepJob } from './jobs/notification-jobs';
import { type ChannelSenders, mailSender, sendDueOutbox } from './jobs/outbox-sender';
import {
  chargebackScanJob,
  loginThrottleCleanupJob,
  paymentRecheckJob,
  Scheduler,
  swipeCleanupJob,
} from './jobs/scheduler';
import { DevMailer, type Mailer, SmtpMailer } from './lib/mail/mailer';
import { createMediaStorage } from './lib/media-storage';
import { AppMetrics } from './lib/metrics';
import { pushSender } from './lib/push/push-sender';
import { ensureVapidKeys } from './lib/push-keys';
import { createRedis } from './lib/redis-client';
import { createSmsGateway, smsSender } from './lib/sms/sms-sender';
import { purgeDeletedAccounts } from './modules/accounts/account-deletion.service';
import { revokeDueMandates } from './modules/cancellations/cancellations.service';
import { dataExportJobs } from './modules/data-export/data-export.jobs';
import { endExpiredRestrictions } from './modules/decisions/restrictions';
import { recordSmsOutcome } from './modules/directdebit/directdebit.sms-status';
import { deletePushSubscription } from './modules/notifications/notifications.repo';
import type { DispatchDeps } from './modules/notifications/notifications.service';
import { ensureUnsubscribeKey } from './modules/notifications/unsubscribe-token';
import { ensureDefaultSite } from './modules/sites/sites.service';
import { staffCleanupJob } from './modules/staff/staff-cleanup';
import { visitsExpiryJob } from './modules/visits/visits-expiry.job';
import { retryWithdrawalRefunds } from './modules/withdrawal/withdrawal.service';

export interface Running {
  app: FastifyInstance;
  database: Database;
  redis: Redis | undefined;
  close(): Promise<void>;
}

/** Opens the database (migrating it), creates first-start data, and builds the app. Used by main.ts. */
export async function bootstrap(config: AppConfig, log: (msg: string) => void): Promise<Running> {
  await mkdir(path.join(config.dataDir, 'media'), { recursive: true });
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    pgliteDir: path.join(config.dataDir, 'pglite'),
    onPoolError: (err) => log(`database pool error: ${err.message}`),
    waitForDatabaseMs: config.databaseWaitSeconds * 1000,
    log,
  });
  await database.migrate();
  const created = await ensureDefaultSite(database.db, config.defaultSiteDomain);
  if (created) log(`first start: created the site for ${config.defaultSiteDomain}`);
  const vapid = await ensureVapidKeys(database.db);
  const storage = createMediaStorage(config);

  if (config.demoContent) {
    const n = await seedDemoContent(database.db, storage, config.defaultSiteDomain, log);
    if (n > 0) log(`demo content: created ${n} demo members`);
    const cams = await seedDemoCams(database.db, storage, config.defaultSiteDomain);
    if (cams > 0) log(`demo content: created ${cams} demo cam profiles`);
  }

  const redis = config.redisUrl ? createRedis(config.redisUrl) : undefined;
  redis?.on('error', (err) => log(`redis error: ${err.message}`));
  const metrics = new AppMetrics({ db: database.db, poolStats: database.poolStats });
  const app = await buildApp({
    config,
    db: database.db,
    redis,
    storage,
    pushPublicKey: vapid.publicKey,
    metrics,
  });

  const mailer: Mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl) : new DevMailer(log);
  // One sender per outbox channel; the SMS and push channels add theirs here.
  const senders: ChannelSenders = {
    mail: mailSender(mailer),
    sms: smsSender(createSmsGateway(config, log), undefined, {
      record: (ref, outcome) => recordSmsOutcome(database.db, ref, outcome),
      alarm: (msg) => app.log.error(msg),
    }),
    push: pushSender({
      vapid: { subject: config.pushVapidSubject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      onGone: (endpoint) => deletePushSubscription(database.db, endpoint),
    }),
  };
  const notificationDeps: DispatchDeps = {
    db: database.db,
    linkBase: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
    unsubscribeKey: await ensureUnsubscribeKey(database.db),
    lookingSeconds: NOTIFICATION_TIMING.lookingSeconds,
    pushEnabled: true,
  };
  const scheduler = new Scheduler(log, (job, ok, seconds) => metrics.observeJob(job, ok, seconds));
  scheduler.start([
    {
      name: 'outbox',
      everyMs: 2_000,
      run: () =>
        sendDueOutbox(database.db, senders, log, (channel, outcome) =>
          metrics.outboxItems.inc({ channel, outcome }),
        ),
    },
    notificationDispatchJob(notificationDeps),
    notificationSweepJob(database.db),
    { name: 'deletion-purge', everyMs: 3_600_000, run: () => purgeDeletedAccounts(database.db, storage) },
    loginThrottleCleanupJob(database.db),
    staffCleanupJob(database.db),
    swipeCleanupJob(database.db),
    visitsExpiryJob(database.db),
    // Suspensions and hidden profiles whose time is over: listed again (modules/decisions/restrictions.ts).
    { name: 'restriction-end', everyMs: 60_000, run: () => endExpiredRestrictions(database.db) },
    paymentRecheckJob(database.db, app.paymentProvider, (id) => app.sessionCache.invalidateMember(id)),
    chargebackScanJob(database.db, app.paymentProvider, (id) => app.sessionCache.invalidateMember(id)),
    // Verotel FlexPay orders whose postback did not come: asked with the sale status service (issue 23, point 6).
    ...(app.adultPaymentProvider
      ? [
          {
            ...paymentRecheckJob(database.db, app.adultPaymentProvider, (id) =>
              app.sessionCache.invalidateMember(id),
            ),
            name: 'payment-recheck-verotel',
          },
        ]
      : []),
    // Withdrawals whose refund the provider did not take yet (modules/withdrawal).
    {
      name: 'withdrawal-refunds',
      everyMs: 60_000,
      run: () => retryWithdrawalRefunds(database.db, app.paymentProviders).then(() => undefined),
    },
    // Mandates stopped by the cancel button that the provider has not revoked yet (modules/cancellations).
    {
      name: 'mandate-revocations',
      everyMs: 60_000,
      run: () => revokeDueMandates(database.db, app.paymentProvider, { log }).then(() => undefined),
    },
    // Photos left waiting for their nudity score (a restart, another instance's crash): photo-screening.ts.
    { name: 'photo-screening', everyMs: 30_000, run: () => app.photoScreening.drainAll() },
    // Photo verification (modules/verification): selfies left unchecked, verified members' new main photos, and
    // selfies no longer needed (deleted after the decision; stale ones after VERIFICATION_RULES.staleSelfieHours).
    { name: 'verification-check', everyMs: 30_000, run: () => app.verificationRunner.drainAll() },
    {
      name: 'verification-main-photos',
      everyMs: 60_000,
      run: () => app.verificationRunner.recheckMainPhotos(),
    },
    { name: 'verification-cleanup', everyMs: 10 * 60_000, run: () => app.verificationRunner.cleanUp() },
    // Members' data exports: prepared (zip in the media storage, mail), then deleted when they expire.
    ...dataExportJobs({
      db: database.db,
      storage,
      keepDays: config.dataExport.keepDays,
      links: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
      log,
    }),
  ]);
  return {
    app,
    database,
    redis,
    async close() {
      await scheduler.stop();
      mailer.close();
      await app.close();
      redis?.disconnect();
      await database.close();
    },
  };
}
