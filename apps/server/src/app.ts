// buildApp(config): the whole server as one Fastify instance, so tests run the real app in-process.
// Plugins and routes are registered here by hand, in order, so it is plain what runs.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import multipart from '@fastify/multipart';
import { serializerCompiler, validatorCompiler, jsonSchemaTransform } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { codes } from '@tradewind/contract';
import type { Config } from './platform/config.ts';
import { openDatabase, type Database } from './platform/db.ts';
import * as schema from './schema.ts';
import { installEnvelope, type PageFallback } from './platform/http.ts';
import { AppError } from './platform/errors.ts';
import { feedAgeGauge, installMetrics } from './platform/metrics.ts';
import { installFrontends } from './platform/frontends.ts';
import { installCompression } from './platform/compression.ts';
import { installNoStore } from './platform/no-store.ts';
import { createMailer } from './platform/mail.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import type { Ctx } from './platform/context.ts';
import { registerAuthRoutes } from './auth/routes.ts';
import { registerSecurityRoutes } from './auth/security-routes.ts';
import { registerPasskeyRoutes } from './auth/passkey-routes.ts';
import { registerSessionRoutes } from './auth/session-routes.ts';
import { authenticate } from './auth/sessions.ts';
import { registerUserRoutes } from './users/routes.ts';
import { registerAdminRoutes } from './admin/routes.ts';
import { registerCustomerRoutes } from './customers/routes.ts';
import { registerContentRoutes } from './content/routes.ts';
import { Market } from './market/service.ts';
import type { PriceSource } from './market/source.ts';
import { registerMarketRoutes, registerMarketSocket } from './market/routes.ts';
import { authenticateAdmin, bootstrapAdmin } from './admin/service.ts';
import { seedContent } from './content/seed.ts';
import { registerSettingsRoutes } from './settings/routes.ts';
import { seedSettings } from './settings/service.ts';
import { featuresParam } from './settings/features.ts';
import { openBooks } from './ledger/service.ts';
import { registerLedgerRoutes } from './ledger/routes.ts';
import { registerNotificationRoutes } from './notifications/routes.ts';
import { registerReviewRoutes } from './platform/reviews.ts';
import { startJobs } from './platform/jobs.ts';
import { pruneIdempotencyKeys } from './platform/idempotency.ts';
import { loadSecrets } from './platform/secrets.ts';
import { closeSocketsGoingAway, installDrain } from './platform/drain.ts';
import { registerReadiness } from './platform/readiness.ts';
import { redisWithLocalFallback } from './platform/rate-limit-store.ts';
import { collectAdminRules } from './platform/guards.ts';
import { registerWithdrawalRoutes } from './wallet/withdraw-routes.ts';
import { withdrawalReviews } from './wallet/withdraw-review.ts';
import { multipartOptions, registerUploadRoutes } from './platform/uploads.ts';
import { registerDepositChannelRoutes } from './wallet/channels-routes.ts';
import { depositMinimums, seedDepositChannels } from './wallet/channels.ts';
import { depositRateFeed } from './wallet/deposit-rates.ts';
import { registerTickRoutes } from './market/ticks-routes.ts';
import { registerDepositRoutes } from './wallet/deposits-routes.ts';
import { depositReviews } from './wallet/deposits-review.ts';
import { rewardInviter } from './invite/reward.ts';
import { registerKycRoutes } from './kyc/routes.ts';
import { registerOrderRoutes } from './orders/routes.ts';
import { Orders } from './orders/service.ts';
import { registerOrderAdminRoutes } from './orders/admin-routes.ts';
import { registerDashboardRoutes } from './admin/dashboard-routes.ts';
import { registerPublicUrlRoute } from './admin/public-url-routes.ts';
import { registerSmartRoutes } from './smart/routes.ts';
import { enabledPlanRates, registerSmartAdminRoutes } from './smart/admin.ts';
import { registerLoanRoutes } from './loans/routes.ts';
import {
  enabledLoanRates,
  lateCostBelowLoanRate,
  registerLoanProductAdminRoutes,
} from './loans/admin-products.ts';
import { loanReviews } from './loans/review.ts';
import { registerNftRoutes } from './nft/routes.ts';
import { registerInviteRoutes } from './invite/routes.ts';
import { registerSupportRoutes } from './support/routes.ts';
import { kycReviews } from './kyc/review.ts';

export type BuildOptions = {
  clock?: Clock;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
  /** Price sources ahead of `MARKET_FEED`'s: the tests' live stand-in (test/live-stand-in.ts) only. */
  priceSources?: PriceSource[];
};

export type App = { app: FastifyInstance; ctx: Ctx };

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Start-up registers swagger-ui and opens the database; a loaded CI machine needs more than 10 s.
    pluginTimeout: 60_000,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onRequest', async (req, reply) => void reply.header('x-request-id', req.id));

  const secrets = await loadSecrets(config, (message) => app.log.warn(message));
  const database = options.database ?? (await openDatabase(config, schema));
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 2, connectTimeout: 5000 })
    : undefined;
  // Redis away is a state the rate limits log and serve through (per-node windows), not an error each time.
  redis?.on('error', () => undefined);
  const sharedLimits = redis ? redisWithLocalFallback(redis, 'tw-rl:', app.log) : undefined;
  const ctx: Ctx = {
    db: database.db,
    config,
    clock: options.clock ?? systemClock,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, 'outbox'),
      log: app.log,
    }),
    log: app.log,
    secrets,
    authenticators: {
      customer: (token) => authenticate(ctx, token),
      admin: (token) => authenticateAdmin(ctx, token),
      adminUnsecured: (token) => authenticateAdmin(ctx, token, { unsecured: true }),
    },
    onUserCreated: [openBooks],
    unrealizedPnl: [],
    beforeDemoReset: [],
    demoPositionsOpen: [],
  };
  app.addHook('onClose', async () => {
    ctx.mailer.close();
    redis?.disconnect();
    if (!options.database) await database.close();
  });

  let pageFallback: PageFallback | undefined;
  installEnvelope(app, () => pageFallback);
  installNoStore(app);
  installDrain(app);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // The loan agreement is read in the page from the PDF the app fetched (a blob: URL in an iframe).
        frameSrc: ["'self'", 'blob:'],
        frameAncestors: ["'none'"],
      },
    },
  });
  await app.register(cors, { origin: false });
  // Before any route: the plugin hooks the routes registered after it.
  await installCompression(app);
  await app.register(rateLimit, {
    global: false,
    ...(sharedLimits ? { store: sharedLimits.store } : {}),
    errorResponseBuilder: () => new AppError(codes.tooManyRequests),
  });
  await app.register(swagger, {
    openapi: { info: { title: 'Tradewind API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  // Before any route: the plugin decides per route whether an upgrade is served.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 }, preClose: closeSocketsGoingAway });
  await app.register(multipart, multipartOptions(config));
  const metrics = installMetrics(app, config);

  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));

  collectAdminRules(app);
  registerAuthRoutes(app, ctx);
  registerSecurityRoutes(app, ctx);
  registerPasskeyRoutes(app, ctx);
  registerSessionRoutes(app, ctx);
  registerUserRoutes(app, ctx);
  registerContentRoutes(app, ctx);
  const market = new Market(ctx, { ...(options.priceSources ? { sources: options.priceSources } : {}) });
  registerReadiness(app, {
    db: ctx.db,
    role: () => (market.isLeader() ? 'leader' : 'follower'),
    redisAway: () => (redis ? redis.status !== 'ready' : undefined),
    feeds: () => market.feed.liveSources(),
  });
  feedAgeGauge(metrics, () => market.feed.liveSources());
  // Deposits price coins from the feed: its last price for the preview, a kept tick for a claim.
  const depositFeed = depositRateFeed(market.feed);
  registerSettingsRoutes(
    app,
    ctx,
    { deposit_min: depositMinimums, features: featuresParam(app) },
    // Other nodes read the change within the feed's refresh (5 s); a quote in between answers 10112.
    () => market.feed.refreshParams(),
    // Days past a loan's date cost no less than the loan's own rate (DESIGN §1.11, product-rates.ts).
    { loan_overdue_daily_rate: lateCostBelowLoanRate },
  );
  registerMarketRoutes(app, ctx, market);
  registerMarketSocket(app, ctx, market);
  const orders = new Orders(ctx, market, { metrics });
  // On close (SIGTERM) the lead is handed over first, while requests in flight finish.
  app.addHook('preClose', () => market.stepDown());
  app.addHook('onClose', async () => {
    await orders.stop();
    await market.close();
  });
  registerLedgerRoutes(app, ctx);
  registerNotificationRoutes(app, ctx);
  registerAdminRoutes(app, ctx, secrets);
  registerCustomerRoutes(app, ctx);
  registerOrderAdminRoutes(app, ctx, market);
  registerDashboardRoutes(app, ctx, market);
  registerPublicUrlRoute(app, ctx);
  registerWithdrawalRoutes(app, ctx, secrets);
  registerUploadRoutes(app, ctx);
  registerDepositChannelRoutes(app, ctx, depositFeed);
  registerDepositRoutes(app, ctx, depositFeed);
  registerTickRoutes(app, ctx);
  registerKycRoutes(app, ctx);
  registerOrderRoutes(app, ctx, orders);
  // Products still to come: each folder is wired now and registers its routes with its own issue.
  registerSmartRoutes(app, ctx, market);
  registerLoanRoutes(app, ctx, market);
  // A plan's yield and a loan's cost are checked against each other (DESIGN.md §1.11): each back-office
  // editor is handed the other's products on offer here, so neither folder imports the other.
  registerSmartAdminRoutes(app, ctx, enabledLoanRates);
  registerLoanProductAdminRoutes(app, ctx, enabledPlanRates);
  registerNftRoutes(app, ctx, market);
  registerInviteRoutes(app, ctx);
  registerSupportRoutes(app, ctx);
  // Each domain's review queue, registered into the one route set.
  registerReviewRoutes(app, ctx, {
    // The invite reward runs in each deposit's approving transaction, its accounts locked with the deposit's.
    deposits: depositReviews([rewardInviter]),
    withdrawals: withdrawalReviews,
    kyc: kycReviews,
    loans: loanReviews,
  });

  const jobs = startJobs(app.log, [
    { name: 'prune idempotency keys', everyMs: 60 * 60_000, run: () => pruneIdempotencyKeys(ctx) },
  ]);
  app.addHook('onClose', async () => jobs.stop());

  if (config.env === 'production') pageFallback = await installFrontends(app);

  const now = new Date(ctx.clock.now());
  await seedSettings(ctx.db, now);
  await seedContent(ctx.db, now);
  await seedDepositChannels(ctx.db, now);
  await bootstrapAdmin(ctx);
  await market.start();
  orders.start();
  return { app, ctx };
}
