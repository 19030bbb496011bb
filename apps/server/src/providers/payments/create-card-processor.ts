import type { FastifyPluginAsync } from 'fastify';
import type { Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import type { CardPayouts } from '../payouts/payout-provider.js';
import type { CardProcessor } from './card-processor.js';
import { createFinixClient } from './finix-client.js';
import { finixThreeDSecureReturnPage } from './finix-3ds-return-page.js';
import { finixCardFormPages } from './finix-pages.js';
import { createSandboxFinix, type SandboxFinix } from './sandbox-finix.js';
import { createHostedCheckout, type HostedCheckoutAdapter } from './hosted-checkout-factory.js';
import { createSandboxShift4, type SandboxShift4 } from './shift4-gateway.js';

/**
 * The card processor: Finix's API when FINIX_API_* are set (config.finix), else the Finix-style
 * sandbox. Production never uses a sandbox unless ALLOW_SANDBOX says this is a staging site
 * (docs/ARCHITECTURE.md 'Vendors behind adapters'); without a processor the store still lists
 * packages and a purchase is refused with 3607 (no fake success).
 */
export interface CardProcessors {
  processor: CardProcessor | null;
  /** The sandbox processor (its /sandbox pages and /dev routes), only when it is the processor. */
  sandbox: SandboxFinix | null;
  /** Push-to-card payouts of redemptions: the processor's. */
  cardPayouts: CardPayouts | null;
  /** Pages the processor needs served at the root (Finix's card-field page, its 3-D Secure return page). */
  pages: FastifyPluginAsync | null;
  /** The hosted checkout: Paysafe's when configured, else the sandbox (hosted-checkout-factory.ts). */
  checkout: HostedCheckoutAdapter | null;
  shift4: SandboxShift4 | null;
}

export function createCardProcessor(
  config: Config,
  log: { warn: (object: unknown, message: string) => void },
  /** Where Finix's requests go (tests pass a MockAgent). */
  dispatcher?: Dispatcher,
): CardProcessors {
  const sandboxes = !config.isProduction || config.ALLOW_SANDBOX;
  const others = {
    checkout: createHostedCheckout(config),
    shift4: sandboxes ? createSandboxShift4() : null,
  };
  const merchantDomain = () => new URL(config.publicUrl).hostname;
  if (config.finix) {
    const finix = createFinixClient({
      ...config.finix,
      webhookSecret: config.finixWebhookSecret,
      merchantDomain,
      siteUrl: () => config.publicUrl,
      ...(dispatcher ? { dispatcher } : {}),
    });
    const cardForm = finixCardFormPages(config.finix);
    const pages: FastifyPluginAsync = async (app) => {
      await app.register(cardForm);
      await app.register(finixThreeDSecureReturnPage);
    };
    return { processor: finix, sandbox: null, cardPayouts: finix, pages, ...others };
  }
  if (!sandboxes) return { processor: null, sandbox: null, cardPayouts: null, pages: null, ...others };
  const sandbox = createSandboxFinix({
    webhookSecret: config.finixWebhookSecret,
    webhookUrl: () => `${config.publicUrl}/api/v1/payment/finix/webhook`,
    merchantDomain,
    log,
  });
  return { processor: sandbox, sandbox, cardPayouts: sandbox, pages: null, ...others };
}
