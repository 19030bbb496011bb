import type { Config } from '../../config.js';
import type { CardProcessor } from './card-processor.js';
import { createSandboxFinix, type SandboxFinix } from './sandbox-finix.js';
import { createHostedCheckout, type HostedCheckoutAdapter } from './hosted-checkout-factory.js';
import { createSandboxShift4, type SandboxShift4 } from './shift4-gateway.js';

/**
 * The card processor: the Finix-style sandbox is the only adapter so far. Production never uses
 * a sandbox unless ALLOW_SANDBOX says this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters'); without one
 * the store still lists packages and a purchase is refused with 3607 (no fake success).
 */
export function createCardProcessor(
  config: Config,
  log: { warn: (object: unknown, message: string) => void },
): { processor: CardProcessor | null; sandbox: SandboxFinix | null; checkout: HostedCheckoutAdapter | null; shift4: SandboxShift4 | null } {
  // The hosted checkout has a real adapter of its own (Paysafe): hosted-checkout-factory.ts.
  const checkout = createHostedCheckout(config);
  if (config.isProduction && !config.ALLOW_SANDBOX) return { processor: null, sandbox: null, checkout, shift4: null };
  const sandbox = createSandboxFinix({
    webhookSecret: config.finixWebhookSecret,
    webhookUrl: () => `${config.publicUrl}/api/v1/payment/finix/webhook`,
    merchantDomain: () => new URL(config.publicUrl).hostname,
    log,
  });
  return {
    processor: sandbox,
    sandbox,
    checkout,
    shift4: createSandboxShift4(),
  };
}
