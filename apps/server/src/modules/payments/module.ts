import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { createCardProcessor } from '../../providers/payments/create-card-processor.js';
import { registerSandboxFinixPages } from '../../providers/payments/sandbox-finix.js';
import { createStoreService } from '../store/service.js';
import { devFinixRoutes, paymentRoutes, paymentWebhookRoutes } from './routes.js';
import { createPaymentsService } from './service.js';

/** An intent still open this long after its last change is checked with the processor. */
export const OPEN_INTENT_CHECK_SECONDS = 60;

/**
 * The store and the purchase path (issue 11), wired from the shared context: `api` (the payment calls) goes
 * under /api/v1 next to the store's routes, `pages` (the sandbox processor's own pages) at the root, before the SPA.
 */
export function createPaymentsModule(ctx: AppContext, log: { warn: (object: unknown, message: string) => void }) {
  const { processor, sandbox } = createCardProcessor(ctx.config, log);
  const store = createStoreService(ctx.db);
  const payments = createPaymentsService({ db: ctx.db, bus: ctx.bus, ledger: ctx.ledger, store, processor, log });
  ctx.jobs.define('payments.check-open', {
    everySeconds: OPEN_INTENT_CHECK_SECONDS,
    handler: async () => {
      await payments.checkOpenIntents(OPEN_INTENT_CHECK_SECONDS);
    },
  });

  const api: FastifyPluginAsync = async (app) => {
    await app.register(paymentRoutes, { ctx, payments });
    if (processor) await app.register(paymentWebhookRoutes, { processor, payments });
    if (sandbox) await app.register(devFinixRoutes, { sandbox });
  };
  const pages: FastifyPluginAsync = async (app) => {
    if (sandbox) await registerSandboxFinixPages(app, sandbox);
  };
  return { store, payments, sandbox, api, pages };
}
