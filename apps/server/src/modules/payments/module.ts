import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { createConversionApis } from '../../providers/ad-conversions/create-conversion-apis.js';
import { createCardProcessor } from '../../providers/payments/create-card-processor.js';
import { createAdConversionsService } from '../ad-conversions/service.js';
import { registerSandboxFinixPages } from '../../providers/payments/sandbox-finix.js';
import { sandboxCheckoutPages } from '../../providers/payments/hosted-checkout.js';
import { paysafeCheckoutPage } from '../../providers/payments/paysafe-checkout-page.js';
import { sandboxShift4Pages } from '../../providers/payments/shift4-gateway.js';
import { createStoreService } from '../store/service.js';
import { devFinixRoutes, paymentRoutes, paymentWebhookRoutes, paysafeWebhookRoutes } from './routes.js';
import { createPaymentsService } from './service.js';
import type { RedeemService } from '../redeem/service.js';
import { createFailedWebhookRecorder } from '../failed-webhooks/failed-webhooks.js';

/** An intent still open this long after its last change is checked with the processor. */
export const OPEN_INTENT_CHECK_SECONDS = 60;
/** How often pending ad conversion events are forwarded. */
export const AD_FORWARD_SECONDS = 10;

/**
 * The store and the purchase path, wired from the shared context: `api` (the payment calls) goes
 * under /api/v1 next to the store's routes, `pages` (the processor's card-field page, or the sandbox
 * processor's own pages) at the root, before the SPA.
 */
export function createPaymentsModule(
  ctx: AppContext,
  log: { warn: (object: unknown, message: string) => void; error: (object: unknown, message: string) => void },
  redeem?: Pick<RedeemService, 'request' | 'payoutMethods'>,
  /** The card processors, when another module (redemption's card payouts) shares them. */
  cards: ReturnType<typeof createCardProcessor> = createCardProcessor(ctx.config, log),
) {
  const { processor, sandbox, checkout, shift4 } = cards;
  const store = createStoreService(ctx.db);
  // Ad conversions: each platform's own API when configured, else its sandbox outside production
  // unless ALLOW_SANDBOX; a platform without an adapter records no event. The outbox page is the
  // sandboxes'.
  const conversionApis = createConversionApis(ctx.config);
  const adSandbox = conversionApis.some((api) => api.kind === 'sandbox');
  const conversions = createAdConversionsService(ctx.db, conversionApis);
  ctx.bus.subscribe(conversions.subscriber);
  ctx.jobs.define('ad-conversions.forward', {
    everySeconds: AD_FORWARD_SECONDS,
    handler: async () => {
      await conversions.forwardPending();
    },
  });
  const payments = createPaymentsService({ db: ctx.db, bus: ctx.bus, ledger: ctx.ledger, store, processor, checkout, shift4, log });
  ctx.jobs.define('payments.check-open', {
    everySeconds: OPEN_INTENT_CHECK_SECONDS,
    handler: async () => {
      await payments.checkOpenIntents(OPEN_INTENT_CHECK_SECONDS);
    },
  });

  const api: FastifyPluginAsync = async (app) => {
    await app.register(paymentRoutes, { ctx, payments, ...(redeem ? { redeem } : {}) });
    const failedWebhooks = createFailedWebhookRecorder(ctx.db, log);
    if (processor) await app.register(paymentWebhookRoutes, { processor, payments, failedWebhooks });
    if (checkout?.kind === 'paysafe') await app.register(paysafeWebhookRoutes, { checkout, payments, failedWebhooks });
    if (sandbox) await app.register(devFinixRoutes, { sandbox });
  };
  const pages: FastifyPluginAsync = async (app) => {
    if (sandbox) await registerSandboxFinixPages(app, sandbox);
    if (cards.pages) await app.register(cards.pages);
    if (checkout?.kind === 'sandbox') await app.register(sandboxCheckoutPages, { checkout, prefix: '/sandbox/paysafe' });
    if (checkout?.kind === 'paysafe') await app.register(paysafeCheckoutPage, { checkout, prefix: '/paysafe' });
    if (shift4) await app.register(sandboxShift4Pages, { gateway: shift4, prefix: '/sandbox/shift4' });
  };
  return { store, payments, sandbox, shift4, conversions, adSandbox, api, pages };
}
