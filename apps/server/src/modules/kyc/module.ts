import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { createKycProvider } from '../../providers/kyc/create-kyc-provider.js';
import { sandboxKycPages } from '../../providers/kyc/sandbox-kyc-pages.js';
import { createSmsSender } from '../../providers/sms/create-sms-sender.js';
import { createAttemptCounters } from '../auth/attempt-counters.js';
import { devSmsPage, devSmsRoutes } from '../dev/sms.js';
import { phoneRoutes } from './phone-routes.js';
import { createPhoneService } from './phone-service.js';
import { devKycRoutes, kycRoutes, kycWebhookRoutes } from './routes.js';
import { createKycService } from './service.js';
import { createSsnService } from './ssn-service.js';

/**
 * Phone verification and identity verification, wired from the shared
 * context: `api` goes under /api/v1; `pages` (the sandbox vendor's hosted page and the SMS outbox
 * page) at the root, before the SPA. Sandboxes only outside production unless ALLOW_SANDBOX.
 */
export function createVerificationModule(
  ctx: AppContext,
  log: { warn: (object: unknown, message: string) => void; error: (object: unknown, message: string) => void },
) {
  const sms = createSmsSender(ctx.config, ctx.db);
  const { provider, sandbox } = createKycProvider(ctx.config, log);
  const phones = createPhoneService({
    db: ctx.db,
    sms,
    counters: createAttemptCounters(ctx.db),
    codeSecret: ctx.config.gameServerSecret,
  });
  const kyc = createKycService(ctx.db, ctx.bus, provider, log);
  const ssn = createSsnService(ctx.db, ctx.config.personalDataKey);

  const api: FastifyPluginAsync = async (app) => {
    await app.register(phoneRoutes, { ctx, phones });
    await app.register(kycRoutes, { ctx, kyc, ssn });
    if (provider) await app.register(kycWebhookRoutes, { provider, kyc });
    if (sms?.kind === 'sandbox') await app.register(devSmsRoutes, { db: ctx.db });
    if (sandbox) await app.register(devKycRoutes, { sandbox });
  };
  const pages: FastifyPluginAsync = async (app) => {
    if (sms?.kind === 'sandbox') await app.register(devSmsPage, { db: ctx.db });
    if (sandbox) await app.register(sandboxKycPages, { sandbox, prefix: '/sandbox/kyc' });
  };
  return { phones, kyc, ssn, sandbox, api, pages };
}
