import type { Config } from '../../config.js';
import type { CardProcessor } from './card-processor.js';
import { createSandboxFinix, type SandboxFinix } from './sandbox-finix.js';
import { createSandboxHostedCheckout, type SandboxHostedCheckout } from './hosted-checkout.js';
import { createSandboxShift4, type SandboxShift4 } from './shift4-gateway.js';

/**
 * The card processor: the Finix-style sandbox is the only adapter so far. Production never uses
 * a sandbox unless ALLOW_SANDBOX says this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters'); without one
 * the store still lists packages and a purchase is refused with 3607 (no fake success).
 */
export function createCardProcessor(
  config: Config,
  log: { warn: (object: unknown, message: string) => void },
): { processor: CardProcessor | null; sandbox: SandboxFinix | null; checkout: SandboxHostedCheckout | null; shift4: SandboxShift4 | null } {
  if (config.isProduction && !config.ALLOW_SANDBOX) return { processor: null, sandbox: null, checkout: null, shift4: null };
  const sandbox = createSandboxFinix({
    webhookSecret: config.finixWebhookSecret,
    webhookUrl: () => `${config.publicUrl}/api/v1/payment/finix/webhook`,
    merchantDomain: () => new URL(config.publicUrl).hostname,
    log,
  });
  // The hosted checkout runs in environment LIVE only in production (seed 001 section 9).
  return {
    processor: sandbox,
    sandbox,
    checkout: createSandboxHostedCheckout(config.isProduction ? 'LIVE' : 'TEST'),
    shift4: createSandboxShift4(),
  };
}
