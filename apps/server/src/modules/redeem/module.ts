import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { createSandboxPaynote } from '../../providers/payouts/sandbox-paynote.js';
import { sandboxPaynotePages } from '../../providers/payouts/sandbox-paynote-pages.js';
import { withCardPayouts, type CardPayouts } from '../../providers/payouts/payout-provider.js';
import { devPaynoteRoutes, payoutWebhookRoutes, redeemRoutes } from './routes.js';
import { createRedeemService, type PrizeReporting } from './service.js';
import { createFailedWebhookRecorder } from '../failed-webhooks/failed-webhooks.js';
import { createSsnService, prizeReportingThreshold } from '../kyc/ssn-service.js';
import { createSiteConfigService } from '../site-config/service.js';

/** How often the payout job looks for redemptions whose review window has passed. */
export const PAYOUT_JOB_SECONDS = 10;
/** The sandbox provider settles a payout this long after it was sent. */
export const SANDBOX_SETTLE_MS = 2000;

/** The yearly prize reporting rule over the site configuration and the SSNs on file (docs/decisions/059). */
export function prizeReportingOf(ctx: Pick<AppContext, 'db' | 'config'>): PrizeReporting {
  const siteConfig = createSiteConfigService(ctx.db);
  const ssn = createSsnService(ctx.db, ctx.config.personalDataKey);
  return {
    threshold: () => prizeReportingThreshold(siteConfig),
    hasSsnOnFile: async (tx, userId) => (await ssn.onFile(userId, tx)) !== null,
  };
}

/**
 * Redemption: `api` under /api/v1, `pages` (the sandbox bank-link widget) at the root.
 * Production never uses the sandbox unless ALLOW_SANDBOX; without a provider redemption answers 3710.
 */
export function createRedeemModule(
  ctx: AppContext,
  log: { warn: (object: unknown, message: string) => void; error: (object: unknown, message: string) => void },
  /** The card processor's push-to-card payouts (POST /payment/finix/create-instrument-payout). */
  cardPayouts: CardPayouts | null = null,
) {
  const { config } = ctx;
  const sandbox =
    config.isProduction && !config.ALLOW_SANDBOX
      ? null
      : createSandboxPaynote({
          webhookSecret: config.paynoteWebhookSecret,
          webhookUrl: () => `${config.publicUrl}/api/v1/payment/paynote/webhook`,
          settleAfterMs: SANDBOX_SETTLE_MS,
          log,
        });
  const service = createRedeemService({
    db: ctx.db,
    bus: ctx.bus,
    ledger: ctx.ledger,
    provider: sandbox ? withCardPayouts(sandbox, cardPayouts) : null,
    payoutMethods: [
      { providerType: 'PAYNOTE', methods: ['BANK', 'EWALLET'] },
      ...(cardPayouts ? [{ providerType: 'FINIX' as const, methods: ['CARD' as const] }] : []),
    ],
    settings: {
      reviewWindowSeconds: config.REDEEM_REVIEW_WINDOW_SECONDS,
      minCoins: config.REDEEM_MIN_COINS,
      maxCoins: config.REDEEM_MAX_COINS,
      dailyCapCoins: config.REDEEM_DAILY_CAP_COINS,
      customerSecret: config.paynoteWebhookSecret,
    },
    prizeReporting: prizeReportingOf(ctx),
    log,
  });
  ctx.jobs.define('redeem.submit-due', {
    everySeconds: PAYOUT_JOB_SECONDS,
    handler: async () => {
      await service.submitDue();
    },
  });
  const api: FastifyPluginAsync = async (app) => {
    await app.register(redeemRoutes, { ctx, redeem: service });
    if (sandbox) {
      await app.register(payoutWebhookRoutes, {
        provider: sandbox,
        redeem: service,
        failedWebhooks: createFailedWebhookRecorder(ctx.db, log),
      });
      await app.register(devPaynoteRoutes, { sandbox });
    }
  };
  const pages: FastifyPluginAsync = async (app) => {
    if (sandbox) await app.register(sandboxPaynotePages, { sandbox, prefix: '/sandbox/paynote' });
  };
  return { service, sandbox, api, pages };
}
