import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
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
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { createMediaStorage } from './lib/media-storage';
import type { MediaStorage } from './lib/storage';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { blocksRoutes } from './modules/blocks/blocks.routes';
import { geoRoutes } from './modules/geo/geo.routes';
import { geocodeRoutes } from './modules/geo/geocode.routes';
import { interestsRoutes } from './modules/interests/interests.routes';
import { mediaRoutes } from './modules/media/media.routes';
import { memberProfileRoutes } from './modules/member-profile/member-profile.routes';
import { membersRoutes } from './modules/members/members.routes';
import { devMailboxRoutes } from './modules/outbox/dev-mailbox.routes';
import { photosRoutes } from './modules/photos/photos.routes';
import { privacyRoutes } from './modules/privacy/privacy.routes';
import { profilesRoutes } from './modules/profiles/profiles.routes';
import { searchRoutes } from './modules/search/search.routes';
import { SiteDirectory } from './modules/sites/site-directory';
import { sitesRoutes } from './modules/sites/sites.routes';
import { dbPlugin } from './plugins/db';
import { errorsPlugin } from './plugins/errors';
import { localePlugin } from './plugins/locale';
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
  /** Overrides the pino logger options (tests pass false). */
  logger?: boolean | object;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logger ??
      (config.isProduction
        ? { level: config.logLevel }
        : {
            level: config.logLevel,
            transport: {
              target: 'pino-pretty',
              options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
            },
          }),
    trustProxy: config.trustProxy,
    bodyLimit: 1_048_576,
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(fastifyCookie);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'", 'ws:', 'wss:'],
        'font-src': ["'self'", 'data:'],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        'upgrade-insecure-requests': config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  await app.register(fastifyRateLimit, {
    global: true,
    max: 1200 * config.rateLimitScale,
    timeWindow: '1 minute',
    ...(deps.redis ? { redis: deps.redis, nameSpace: 'rl:' } : {}),
    allowList: (req) => !req.url.startsWith('/api/'),
  });
  await app.register(fastifySwagger, {
    openapi: { info: { title: 'Amora API', version: '1' } },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(dbPlugin, { db: deps.db });
  await app.register(sitePlugin, { directory: new SiteDirectory(deps.db) });
  await app.register(sessionPlugin, { secureCookies: config.isProduction });

  await app.register(sitesRoutes, { pushPublicKey: deps.pushPublicKey, secureCookies: config.isProduction });
  await app.register(interestsRoutes);
  await app.register(geoRoutes);
  await app.register(membersRoutes);
  await app.register(searchRoutes, { cacheSeconds: config.searchCacheSeconds });
  const scale = config.rateLimitScale;
  await app.register(authRoutes, { loginRateLimit: 30 * scale });
  await app.register(accountsRoutes, {
    links: { publicUrl: config.publicUrl, defaultSiteDomain: config.defaultSiteDomain },
    mailRateLimit: 20 * scale,
  });
  const mediaStorage = deps.storage ?? createMediaStorage(config);
  await app.register(profilesRoutes);
  await app.register(photosRoutes, { storage: mediaStorage });
  await app.register(memberProfileRoutes);
  await app.register(blocksRoutes);
  await app.register(privacyRoutes);
  await app.register(geocodeRoutes, { rateLimitMax: 60 * scale });
  if (!config.isProduction) await app.register(devMailboxRoutes);

  await app.register(mediaRoutes, { storage: mediaStorage });
  await app.register(spaPlugin, { webDistDir: config.webDistDir });
  return app;
}
