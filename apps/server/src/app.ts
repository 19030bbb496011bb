import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import type { DatabaseHandle } from './db/client.js';
import { refusePrivilegedDatabaseRole } from './db/database-role-guard.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerInputGuard } from './http/input-guard.js';
import { registerOriginCheck } from './http/origin.js';
import { registerRequestId, requestIdMixin, requestIdOf } from './http/request-id.js';
import { registerSpa } from './http/spa.js';
import { bannerRoutes } from './modules/banners/routes.js';
import { contentImageRoutes } from './modules/content-images/routes.js';
import { createContentImageService } from './modules/content-images/service.js';
import { createBannerService } from './modules/banners/service.js';
import { gamesRoutes } from './modules/games/routes.js';
import { createCatalogueCache } from './modules/games/catalogue-cache.js';
import { lobbyFirstScreen, loadLobbyFirstScreenRenderer } from './modules/games/lobby-first-screen.js';
import { lobbyArtPreloads } from './modules/games/lobby-preloads.js';
import { createGamesService } from './modules/games/service.js';
import { writeInHouseWinLimits } from './modules/games/in-house-win-limits.js';
import { createLiveWinnersChannel } from './realtime/live-winners.js';
import { registerGameServer } from './rgs/plugin.js';
import { createLedgerService } from './money/ledger/ledger-service.js';
import { createAttemptCounters } from './modules/auth/attempt-counters.js';
import { createLoginThrottle } from './modules/auth/login-throttle.js';
import { authRoutes } from './modules/auth/routes.js';
import { createAuthService } from './modules/auth/service.js';
import { promotionsRoutes } from './modules/promotions/routes.js';
import { spinWheelRoutes } from './modules/spin-wheel/routes.js';
import { popupRoutes } from './modules/popups/routes.js';
import { createPopupService } from './modules/popups/service.js';
import { createSpinWheelService } from './modules/spin-wheel/service.js';
import { vipRoutes } from './modules/vip/routes.js';
import { createVipService, previousUtcDay } from './modules/vip/service.js';
import { createPromotionsService } from './modules/promotions/service.js';
import { createSessionGuards } from './kernel/sessions/session-cookie.js';
import { bonusRoutes } from './modules/bonus/routes.js';
import { createBonusService } from './modules/bonus/service.js';
import { createSessionService } from './kernel/sessions/session-service.js';
import { cmsRoutes } from './modules/cms/routes.js';
import { createCmsService } from './modules/cms/service.js';
import { devMailPage } from './modules/dev/mail-page.js';
import { devGoogleRoutes, devMailRoutes } from './modules/dev/routes.js';
import { profileRoutes } from './modules/profile/routes.js';
import { createProfileService } from './modules/profile/service.js';
import { createGoogleSignIn } from './providers/google/google-sign-in.js';
import { createMailer } from './providers/mail/create-mailer.js';
import { healthRoutes } from './modules/health/routes.js';
import { siteConfigRoutes } from './modules/site-config/routes.js';
import { createSiteConfigService } from './modules/site-config/service.js';
import { createRealtime } from './realtime/realtime.js';
import { createSessionSockets } from './realtime/session-sockets.js';
import { registerWalletChannel, walletBalanceNotifier, walletSocketSubscriber } from './realtime/wallet.js';
import { createEventBus } from './events/event-bus.js';
import { defineOutboxJobs } from './events/outbox-jobs.js';
import { createMailSender, defineMailJobs } from './modules/mail/mail-queue.js';
import { playerMailSubscriber } from './modules/mail/player-mail-subscriber.js';
import { createJobRunner } from './jobs/create-job-runner.js';
import { recentlyPlayedSubscriber } from './modules/games/recently-played-subscriber.js';
import { playTotalsSubscriber } from './modules/play-totals/play-totals.js';
import { createPaymentsModule } from './modules/payments/module.js';
import { createRedeemModule } from './modules/redeem/module.js';
import { createCardProcessor } from './providers/payments/create-card-processor.js';
import { storeRoutes } from './modules/store/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { adConversionRoutes, devAdConversionRoutes } from './modules/ad-conversions/routes.js';
import { clickIdCookies } from './modules/ad-conversions/service.js';
import { createVerificationModule } from './modules/kyc/module.js';
import { accountRoutes } from './modules/account/routes.js';
import { provablyFairRoutes } from './modules/provably-fair/routes.js';
import { createSeedPairService } from './rgs/seed-pairs.js';
import { createAccountService } from './modules/account/service.js';
import { responsiblePlayRoutes } from './modules/responsible-play/routes.js';
import { createResponsiblePlayService } from './modules/responsible-play/service.js';
import { createLocationGate } from './kernel/location-gate/gate.js';
import { geolocationRoutes, sandboxGeoComplyRoutes } from './modules/geolocation/routes.js';
import { createGeolocationModeSetting } from './kernel/location-gate/mode.js';
import { createGeolocationService } from './modules/geolocation/service.js';
import { createGeolocationProvider } from './providers/geolocation/create-geolocation-provider.js';
import { ADMIN_PREFIX, type AdminRouteEntry } from './modules/admin/core.js';
import { contentDesk } from './modules/admin/content-routes.js';
import { createAdminModule } from './modules/admin/module.js';
import { reportsDesk } from './modules/admin/reports-routes.js';
import { createMoneyDesk } from './modules/admin/money-routes.js';
import { createReferralRewardsDesk } from './modules/admin/referral-rewards-routes.js';
import { createMailInDesk } from './modules/admin/mail-in-routes.js';
import { mailInRoutes } from './modules/mail-in/routes.js';
import { createMailInService } from './modules/mail-in/service.js';
import { createWebhookReplay } from './modules/failed-webhooks/replay.js';
import { createReconciliation, defineReconciliationJob } from './modules/reconciliation/reconciliation.js';
import { metricsSubscriber, registerMetrics } from './observability/metrics-endpoint.js';
import { registerRouteSpans } from './observability/route-spans.js';

export const API_PREFIX = '/api/v1';

/** Never log a secret: session cookies, auth headers, passwords and tokens. */
const REDACTED_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'req.query.token',
  'req.body.password',
  'req.body.newPassword',
  'req.body.oldPassword',
  'req.body.newPasswordKey',
  'req.body.credential',
  'req.body.otp',
  'req.body.code',
];

declare module 'fastify' {
  interface FastifyInstance {
    /** Every operator route of the back office and who may call it. */
    adminRoutes: readonly AdminRouteEntry[];
  }
}

export interface BuildAppOptions {
  config: Config;
  database: DatabaseHandle;
  /**
   * False: no delivery of events after their commit and no background jobs, as if the process
   * died after each commit (tests of what the next start recovers). Default true.
   */
  background?: boolean;
}

/** Builds the whole server: infrastructure plugins, then feature modules, then the SPA. */
export async function buildApp({ config, database, background = true }: BuildAppOptions): Promise<FastifyInstance> {
  // Only the configured proxies may name the client's address (TRUST_PROXY).
  const proxyHops = config.TRUST_PROXY;
  const trustProxy = typeof proxyHops === 'number' ? (_address: string, hop: number) => hop < proxyHops : proxyHops;
  const app = Fastify({
    logger: {
      level: config.LOG_LEVEL,
      redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
      serializers: {
        // The URL without its query string: tokens travel in queries (verifyEmail, reset links).
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: req.url.split('?')[0], ip: req.ip }),
      },
      mixin: requestIdMixin,
    },
    genReqId: requestIdOf,
    requestIdHeader: false,
    trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestId(app);
  registerRouteSpans(app);
  registerErrorHandler(app);
  registerInputGuard(app);

  // A production server never runs as a role that could get round the ledger's protections.
  await refusePrivilegedDatabaseRole(database, config, app.log);
  // Outside services first: a sandbox refused in production stops the start before anything opens.
  const google = createGoogleSignIn(config, database.db);
  const mailer = createMailer(config, database.db);
  const geolocationProvider = createGeolocationProvider(config);
  // Google Identity Services (real Google sign-in) loads its script, styles and frame from Google.
  const googleOrigins = google.mode === 'google' ? ['https://accounts.google.com'] : [];
  // Google Pay in the payment dialog is the Payment Request API's method https://google.com/pay
  // (features/store/wallets.ts): the browser downloads its payment method manifest under the
  // page's connect-src, following google.com/pay to www.google.com/pay and then Google Pay's
  // manifests on pay.google.com. Apple Pay needs nothing here (ApplePaySession, its merchant
  // validated through our server), nor do the card fields, the hosted checkout and 3-D Secure:
  // the processor's pages are served from our own origin.
  const googlePayManifestSources = ['https://google.com/pay', 'https://www.google.com/pay', 'https://pay.google.com'];
  const redis = config.REDIS_URL ? new Redis(config.REDIS_URL, { maxRetriesPerRequest: 2 }) : undefined;
  const realtime = createRealtime(app.server, config);
  const sessionSockets = createSessionSockets(realtime.io);
  // Ending a session (logout, reset, later self-exclusion) cuts its sockets too.
  const sessions = createSessionService(database.db, config, sessionSockets);
  // The money core (docs/ARCHITECTURE.md 'The money core'): one ledger, one transaction per action with its events.
  const ledger = createLedgerService(database.db);
  const bus = createEventBus(database.db, { log: app.log, deliverAfterCommit: background });
  const jobs = createJobRunner(database, config, app.log);
  // The location gate's mode from the site configuration, kept in memory.
  const geolocationMode = createGeolocationModeSetting({ db: database.db, config, redis });
  await geolocationMode.load();
  defineOutboxJobs(jobs, bus);
  // The player's account mails: queued in the outbox's delivery, sent after it (decision 062).
  const mailSender = createMailSender({ db: database.db, mailer, log: app.log });
  bus.subscribe(playerMailSubscriber({ publicUrl: () => config.publicUrl, sender: mailSender }));
  defineMailJobs(jobs, mailSender);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    redis,
    realtime,
    sessionSockets,
    sessions,
    guards: createSessionGuards(sessions),
    ledger,
    bus,
    jobs,
    mailer,
    location: createLocationGate(database.db, config, app.log, geolocationMode),
    geolocationMode,
  };
  const stopWalletChannel = registerWalletChannel({ io: realtime.io, sessions, ledger });
  bus.subscribe(walletSocketSubscriber(realtime.io, ledger));
  bus.subscribe(recentlyPlayedSubscriber);
  bus.subscribe(playTotalsSubscriber);
  // The store and the purchase path.
  // Redemption: bank link, rules, payouts.
  // The card processor is shared: purchases, and redemptions paid to a card.
  const cards = createCardProcessor(config, app.log);
  const redeem = createRedeemModule(ctx, app.log, cards.cardPayouts);
  const payments = createPaymentsModule(ctx, app.log, redeem.service, cards);
  // Phone verification and KYC.
  const verification = createVerificationModule(ctx, app.log);
  // Promo codes and referrals; held referral rewards are the back office's (decision 056).
  const promotions = createPromotionsService({ db: ctx.db, bus, ledger, site: config });
  const mailIn = createMailInService({ db: ctx.db, bus, ledger });
  bus.subscribe(promotions.referralSubscriber);
  app.decorateRequest('user', null);
  if (background) app.addHook('onReady', () => jobs.start());
  // A stop (shutdown.ts): the sockets close first, and each keep-alive connection as soon as its
  // request under way has answered (Node closes only the connections idle when the stop began),
  // so that the listener closes once the last answer is out.
  app.addHook('preClose', (done) => {
    realtime.disconnectLocal();
    const reaper = setInterval(() => app.server.closeIdleConnections(), 100);
    app.server.once('close', () => clearInterval(reaper));
    done();
  });
  app.addHook('onClose', async () => {
    await jobs.stop();
    // Deliveries under way finish before the sockets and the database close; what is left is swept.
    await bus.idle();
    await liveWinners.idle();
    stopWalletChannel();
    await realtime.close();
    await geolocationMode.close();
    await redis?.quit();
  });

  // Security headers on every answer. Helmet's middleware is built once here: @fastify/helmet
  // called helmet(options) on every request, parsing the whole policy again each time (2.8% of the
  // server's CPU in a game round, docs/decisions/065-game-round-speed.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...googleOrigins],
        styleSrc: ["'self'", "'unsafe-inline'", ...googleOrigins],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // The fonts are bundled; helmet's default would let any https: origin serve them.
        fontSrc: ["'self'", 'data:'],
        // 'self' covers our own ws(s):// origin (CSP Level 3); no other socket host is allowed.
        connectSrc: ["'self'", ...googleOrigins, ...googlePayManifestSources],
        frameSrc: ["'self'", ...googleOrigins],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    // The game frame is same-origin; cross-origin isolation would break nothing we use, but the
    // embedder policy blocks data: images in some browsers.
    crossOriginEmbedderPolicy: false,
    hsts: config.isProduction,
  });
  app.addHook('onRequest', (request, reply, done) => securityHeaders(request.raw, reply.raw, () => done()));
  // JSON and SVG answers travel compressed (the lobby's first read is 29 KB, 4.5 KB gzipped; a
  // game's art 8.7 KB, 3.3 KB): on a phone's connection that is the lobby's largest paint sooner
  // (docs/decisions/067-first-screen-and-lobby-speed.md). Built assets are compressed at build time and served as
  // such; brotli at quality 4 costs about what gzip does per answer.
  await app.register(fastifyCompress, { encodings: ['br', 'gzip'], threshold: 1024 });
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: true,
    max: 600,
    timeWindow: '1 minute',
    ...(redis ? { redis, nameSpace: 'casino-rate-limit:' } : {}),
    allowList: () => !config.RATE_LIMIT_ENABLED,
    // Thrown into the error handler, which shapes it into the error envelope.
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      message: `Too many requests. Please try again in ${Math.ceil(context.ttl / 1000)} seconds.`,
    }),
  });
  registerOriginCheck(app, config);

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Lucky Crown social casino API',
        version: '1',
        description:
          'Every success is `{ data, message? }`; every failure is `{ errors: [{ errorCode, name, description, details? }] }`. Error codes are listed in packages/contracts/src/errors.ts. Money is a decimal number with at most two places.',
      },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  // The API's map is not published in production unless API_DOCS=true.
  if (config.apiDocs) await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  await app.register(healthRoutes, { database, ...(redis ? { redis } : {}) });
  await registerMetrics(app, { config, database, jobs, sockets: () => realtime.io.engine.clientsCount });
  bus.subscribe(metricsSubscriber);
  const liveWinners = createLiveWinnersChannel(realtime.io, ctx.db, app.log);
  // The lobby's catalogue reads, from memory; cleared across processes through Redis.
  const catalogueCache = createCatalogueCache({ redis });
  app.addHook('onClose', () => catalogueCache.close());
  const games = createGamesService(ctx.db, config, catalogueCache);
  // Each in-house title's win limit, from its math, once the demo catalogue (seeded after the
  // app is built, main.ts) is in (docs/decisions/058-win-limits.md).
  app.addHook('onReady', async () => {
    await writeInHouseWinLimits(ctx.db);
  });
  const bannerService = createBannerService(ctx.db);
  bus.subscribe(liveWinners.subscriber);
  await app.register(
    async (api) => {
      // Feature modules, each a plugin built from the shared context.
      await api.register(siteConfigRoutes, { siteConfig: createSiteConfigService(ctx.db) });
      const bonuses = createBonusService(ctx.db, bus, ledger);
      const responsiblePlay = createResponsiblePlayService({ db: ctx.db, bus, ledger, sessions });
      const spinWheel = createSpinWheelService(ctx.db, bus, ledger);
      // The VIP programme: progress from the money core's events, daily rakeback.
      const vip = createVipService(ctx.db, bus, ledger);
      bus.subscribe(vip.subscriber);
      jobs.define('vip.rakeback', {
        everySeconds: 60 * 60,
        handler: async () => {
          await vip.creditRakeback(previousUtcDay(new Date()));
        },
      });
      const profiles = createProfileService(ctx.db, {
        ledger: ctx.ledger,
        bonuses,
        store: payments.store,
        redeem: redeem.service,
        limits: responsiblePlay,
        spinWheel,
        vip,
      });
      const auth = createAuthService({
        bus,
        promotions,
        db: ctx.db,
        config,
        mailer: ctx.mailer,
        sessions,
        profiles,
        google,
        throttle: createLoginThrottle(createAttemptCounters(ctx.db)),
        log: app.log,
      });
      await api.register(authRoutes, { ctx, auth, google });
      await api.register(promotionsRoutes, { ctx, promotions });
      await api.register(mailInRoutes, { ctx, mailIn });
      await api.register(spinWheelRoutes, { ctx, spinWheel });
      await api.register(vipRoutes, { ctx, vip });
      await api.register(profileRoutes, { ctx, profiles });
      await api.register(cmsRoutes, { cms: createCmsService(ctx.db) });
      await api.register(bonusRoutes, { ctx, bonuses });
      await api.register(gamesRoutes, {
        games,
        guards: ctx.guards,
        liveWinners,
        location: ctx.location,
      });
      await api.register(bannerRoutes, { banners: bannerService, guards: ctx.guards });
      await api.register(contentImageRoutes, { images: createContentImageService(ctx.db) });
      await api.register(popupRoutes, { popups: createPopupService(ctx.db), guards: ctx.guards });
      await api.register(storeRoutes, { store: payments.store, guards: ctx.guards });
      await api.register(payments.api);
      await api.register(redeem.api);
      await api.register(billingRoutes);
      await api.register(accountRoutes, { ctx, account: createAccountService(ctx.db, sessions, bus) });
      await api.register(provablyFairRoutes, { ctx, seeds: createSeedPairService(ctx.db) });
      await api.register(adConversionRoutes, { ctx, conversions: payments.conversions });
      await api.register(responsiblePlayRoutes, { ctx, responsiblePlay });
      const geolocation = createGeolocationService(ctx.db, config, geolocationProvider, createSiteConfigService(ctx.db), geolocationMode);
      await api.register(geolocationRoutes, { ctx, geolocation });
      if (payments.adSandbox) await api.register(devAdConversionRoutes, { ctx });
      await api.register(verification.api);
      // Sandbox-only development API (docs/ARCHITECTURE.md 'Vendors behind adapters'): production has no sandbox unless ALLOW_SANDBOX.
      if (ctx.mailer.kind === 'sandbox') await api.register(devMailRoutes, { db: ctx.db });
      if (google.sandbox) await api.register(devGoogleRoutes, { sandbox: google.sandbox });
    },
    { prefix: API_PREFIX },
  );

  // The operator back office under /api/admin: its own sessions, roles and audit trail.
  const reconciliation = createReconciliation(ctx.db, app.log);
  defineReconciliationJob(jobs, reconciliation);
  // Failed provider webhooks are replayed through the providers' own handlers.
  const webhooks = createWebhookReplay(ctx.db, {
    FINIX: (event) => payments.payments.handleWebhook(event),
    PAYSAFE: (event) => payments.payments.handleWebhook(event, 'PAYSAFE'),
    PAYNOTE: (event) => redeem.service.handleWebhook(event),
  });
  const admin = createAdminModule(ctx, [
    createMoneyDesk({ redeem: redeem.service, payments: payments.payments, reconciliation, webhooks }),
    createReferralRewardsDesk(promotions),
    createMailInDesk(mailIn),
    contentDesk,
    reportsDesk,
  ]);
  app.decorate('adminRoutes', admin.routeTable);
  await app.register(admin.api, { prefix: ADMIN_PREFIX });

  if (ctx.mailer.kind === 'sandbox') await app.register(devMailPage, { db: ctx.db, publicUrl: () => config.publicUrl });
  // The game server and the seamless-wallet API under /rgs (before the SPA's catch-all).
  await registerGameServer(app, {
    config,
    db: ctx.db,
    bus,
    ledger,
    jobs,
    location: ctx.location,
    notify: { balance: walletBalanceNotifier(realtime.io), winPaid: liveWinners.announce },
  });
  await app.register(payments.pages);
  await app.register(redeem.pages);
  await app.register(verification.pages);
  if (geolocationProvider) await app.register(sandboxGeoComplyRoutes, { sandbox: geolocationProvider });
  const renderLobby = await loadLobbyFirstScreenRenderer(config.webDistDir);
  await registerSpa(app, config.webDistDir, {
    pageLinks: lobbyArtPreloads(games),
    pageFirstScreen: renderLobby ? lobbyFirstScreen({ games, banners: bannerService, render: renderLobby }) : undefined,
    pageCookies: (query) => clickIdCookies(query).map((cookie) => ({ ...cookie, secure: config.isProduction })),
  });
  return app;
}
