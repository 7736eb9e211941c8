import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { DESIGN_CONFIG, messages } from '@roomcraft/contracts';
import { defaultAssistantContext, interpretInstruction, type ImageEngine } from '@roomcraft/engine';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { migrateToLatest } from './db/migrate';
import { limitedServerFactory } from './http/connection-limits';
import { registerCsrfProtection } from './http/csrf';
import { registerErrorHandler } from './http/errors';
import { registerSecurityHeaders } from './http/security-headers';
import { deleteExpiredSessions } from './modules/auth/auth.repository';
import { actionsRoutes } from './modules/actions/actions.routes';
import { ActionsService } from './modules/actions/actions.service';
import { createEngine } from './modules/actions/engine';
import { GenerationLease, settleUnfinishedGenerations } from './modules/actions/generations';
import { authRoutes } from './modules/auth/auth.routes';
import { creditsRoutes } from './modules/credits/credits.routes';
import { CreditsService } from './modules/credits/credits.service';
import { paymentsRoutes } from './modules/credits/payments.routes';
import { AuthService } from './modules/auth/auth.service';
import { cartRoutes } from './modules/cart/cart.routes';
import { CartService } from './modules/cart/cart.service';
import { designSummaryRoutes } from './modules/cart/design-summary.routes';
import { DesignSummaryService } from './modules/cart/design-summary.service';
import { designsRoutes } from './modules/designs/designs.routes';
import { DesignsService } from './modules/designs/designs.service';
import { imagesRoutes } from './modules/images/images.routes';
import { ImagesService } from './modules/images/images.service';
import { libraryRoutes } from './modules/library/library.routes';
import { LibraryService } from './modules/library/library.service';
import { syncShippedCatalogue } from './modules/library/shipped-catalogue-sync';
import { withStylePreviews } from './modules/library/library.service';
import { readiness } from './modules/system/readiness';
import { APP_VERSION, systemRoutes } from './modules/system/system.routes';
import { iso, systemClock, type Clock } from './platform/clock';
import { createMailer, type Mailer } from './platform/mail';
import { createPaymentProviders } from './platform/payments/payment-providers';
import { createMemoryRateLimiter, type RateLimiter } from './platform/rate-limiter';
import { createRedisAdmission } from './platform/redis-admission';
import { connectRedis } from './platform/redis';
import { createRedisRateLimiter } from './platform/redis-rate-limiter';
import { createS3Storage } from './platform/s3-storage';
import { QueueEngine } from './queue/queue-engine';
import { createLocalStorage, type ObjectStorage } from './platform/storage';

export interface AppDeps {
  config: AppConfig;
  clock?: Clock;
  /** An open database; by default one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  limiter?: RateLimiter;
  storage?: ObjectStorage;
  catalogueStorage?: ObjectStorage;
  logger?: FastifyServerOptions['logger'];
  /** The image engine; by default the one AI_PROVIDER names, closed with the app. */
  engine?: ImageEngine;
}

/** Builds the whole server; used by server.ts and, through app.inject, by the tests. */
export async function buildApp(deps: AppDeps) {
  const { config } = deps;
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: deps.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    serverFactory: limitedServerFactory(config.connections),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database =
    deps.database ??
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      onIdleConnectionError: (error) =>
        app.log.warn({ err: error }, 'idle database connection lost'),
    });
  await migrateToLatest(database.db, database.dialect);
  const mailer =
    deps.mailer ??
    createMailer({
      from: config.mailFrom,
      smtpUrl: config.smtpUrl,
      outboxDir: config.mailOutboxDir,
    });
  // With REDIS_URL, limits, admission and engine work are shared by every process (decision 018).
  // Limits and admission fail fast when Redis is away (a request errors rather than hangs); the
  // queue's connection waits for Redis to come back, as BullMQ requires.
  const redis = config.redisUrl ? connectRedis(config.redisUrl) : undefined;
  const queueRedis = config.redisUrl
    ? connectRedis(config.redisUrl, { forQueue: true })
    : undefined;
  const limiter =
    deps.limiter ??
    (redis
      ? createRedisRateLimiter(redis, `${config.redisPrefix}:limit:`)
      : createMemoryRateLimiter(() => clock.now().getTime()));
  const storage = deps.storage ?? openStorage(config, 'files');
  const images = new ImagesService({ db: database.db, storage, clock });
  const designs = new DesignsService({ db: database.db, images, clock });
  const cart = new CartService({ db: database.db, images, clock });
  const summaries = new DesignSummaryService({ db: database.db, images, clock });
  const catalogueStorage = deps.catalogueStorage ?? openStorage(config, 'catalogue');
  const library = new LibraryService({ db: database.db });
  await library.syncShippedData();
  const stylePreviews = await syncShippedCatalogue({
    db: database.db,
    storage: catalogueStorage,
    clock,
    log: app.log,
    dir: config.shippedCatalogueDir,
  });
  const auth = new AuthService({
    db: database.db,
    config,
    clock,
    mailer,
    limiter,
    log: app.log,
    // The database forgets an account's images with it (cascade); the files must go too.
    beforeAccountDeletion: async (userId) => images.deleteFiles(await images.allOfUser(userId)),
  });

  const payments = createPaymentProviders(config, database.db, clock);
  const credits = new CreditsService({
    db: database.db,
    clock,
    mailer,
    log: app.log,
    appUrl: config.appUrl,
    packages: config.payments.packages,
    ...payments,
  });

  const timeoutMs = config.engine.timeoutSeconds * 1000;
  const engine =
    deps.engine ??
    (queueRedis
      ? await QueueEngine.open(queueRedis, { waitMs: timeoutMs, prefix: config.redisPrefix })
      : createEngine(config.engine));
  const admission = redis
    ? createRedisAdmission(redis, {
        limit: config.engine.maxQueue,
        key: `${config.redisPrefix}:admission:generations`,
        // A process that dies holding a place gives it back after the longest generation.
        ticketTtlMs: timeoutMs + 60_000,
      })
    : undefined;
  const lease = new GenerationLease(config.generationLeaseSeconds * 1000);
  const actions = new ActionsService({
    db: database.db,
    engine,
    images,
    library,
    catalogueStorage,
    clock,
    interpret: (text, spaceType) => interpretInstruction(text, defaultAssistantContext(spaceType)),
    timeoutMs,
    log: app.log,
    lease,
    ...(admission ? { admission } : {}),
  });

  // Generations a crash or kill left unfinished are refunded before anything else runs; those of
  // other live processes (their lease runs) are left to them. The heartbeat renews this process's
  // leases and settles, from time to time, what a process that died left behind.
  const settle = async () => {
    const settled = await settleUnfinishedGenerations({ db: database.db, clock, lease });
    if (settled > 0) app.log.warn({ settled }, 'refunded generations interrupted by a stop');
  };
  await settle();
  const heartbeat = setInterval(
    () => {
      lease
        .renew(database.db, clock.now())
        .then(settle)
        .catch((error: unknown) =>
          app.log.warn({ err: error }, 'generation lease heartbeat failed'),
        );
    },
    Math.max(1000, lease.leaseMs / 3),
  );
  heartbeat.unref();

  const sweepOrphanImages = () =>
    images
      .sweepOrphans(config.orphanImageRetentionHours * 3_600_000)
      .then((deleted) => {
        if (deleted > 0) app.log.info({ deleted }, 'deleted images no design uses');
      })
      .catch((error: unknown) => app.log.warn({ err: error }, 'orphan image sweep failed'));
  void sweepOrphanImages();
  const sweep = setInterval(() => {
    deleteExpiredSessions(database.db, iso(clock.now())).catch((error: unknown) =>
      app.log.warn({ err: error }, 'expired session sweep failed'),
    );
    void sweepOrphanImages();
  }, 60 * 60_000);
  sweep.unref();
  // Graceful shutdown: new requests get 503 from here on; running generations may finish within
  // the grace period, the rest are stopped and refunded before the engine and database close.
  app.addHook('preClose', async () => {
    const refunded = await actions.drain(config.shutdownGraceSeconds * 1000);
    if (refunded > 0) app.log.warn({ refunded }, 'refunded generations stopped by the shutdown');
  });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    clearInterval(heartbeat);
    await auth.settle();
    mailer.close();
    if (!deps.engine) await engine.close();
    // A connection the queue already closed answers quit with an error; either way it is shut.
    await redis?.quit().catch(() => undefined);
    await queueRedis?.quit().catch(() => undefined);
    if (!deps.database) await database.destroy();
  });

  // External plugins first, then the app's own, then routes (fastify/demo's order).
  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Mantine writes its CSS variables into style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // The SPA opens the terms and privacy pages in new tabs and must keep referrers same-origin.
    crossOriginEmbedderPolicy: false,
    // Only a site served over https may tell browsers to insist on it.
    strictTransportSecurity: config.appUrl.startsWith('https://')
      ? { maxAge: 31_536_000, includeSubDomains: true }
      : false,
  });
  await app.register(fastifyCookie);
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Roomcraft API', version: APP_VERSION },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'roomcraft_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandler(app);
  registerCsrfProtection(app, config);

  await app.register(systemRoutes, {
    prefix: '/api',
    db: database.db,
    designConfig: withStylePreviews(DESIGN_CONFIG, stylePreviews),
    ready: () =>
      readiness({
        db: database.db,
        storage,
        catalogueStorage,
        storageKind: config.s3 ? 's3' : 'local',
        ...(engine instanceof QueueEngine ? { queue: engine } : {}),
        modelsDir: config.engine.modelsDir,
      }),
  });
  await app.register(authRoutes, { prefix: '/api/auth', auth, config });
  await app.register(imagesRoutes, { prefix: '/api', auth, images });
  await app.register(designsRoutes, { prefix: '/api/designs', auth, designs });
  await app.register(libraryRoutes, { prefix: '/api/library', library, catalogueStorage });
  await app.register(actionsRoutes, { prefix: '/api/actions', auth, actions });
  await app.register(creditsRoutes, { prefix: '/api/credits', auth, credits });
  await app.register(paymentsRoutes, { prefix: '/api/payments', credits });
  await app.register(cartRoutes, { prefix: '/api/cart', auth, cart });
  await app.register(designSummaryRoutes, { prefix: '/api', auth, summaries });

  await registerWebApp(app, config.webDistDir);
  return app;
}

/** Uploads and generated images (`files`) or catalogue images: the bucket when S3_BUCKET is set. */
export function openStorage(config: AppConfig, kind: 'files' | 'catalogue'): ObjectStorage {
  if (config.s3) return createS3Storage(config.s3, `${kind}/`);
  return createLocalStorage(kind === 'files' ? config.filesDir : config.catalogueDir);
}

/**
 * Serves the built SPA: hashed assets cached forever, any other page path gets index.html so the
 * client router can take it; unknown API paths get a JSON 404.
 */
async function registerWebApp(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasWebApp = existsSync(indexFile);
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.log.warn(`no built web app at ${webDistDir}; run "npm run build" to serve the UI`);
  }
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    // A missing file (/sw.js, an icon) is a 404, never the page: a browser must see it is gone.
    const isPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !/\.[A-Za-z0-9]+$/.test(pathname);
    if (hasWebApp && isPage)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.code(404).send({
      message: `${messages.notFound}: ${request.method} ${request.url.split('?')[0] ?? ''}`,
    });
  });
}
