import type { Dispatcher } from 'undici';
import type { Config } from '../../config.js';
import { createSandboxHostedCheckout, type SandboxHostedCheckout } from './hosted-checkout.js';
import { createPaysafeHostedCheckout, type PaysafeHostedCheckout } from './paysafe-checkout.js';

/** The hosted checkout in use: its kind says which pages the server serves (/sandbox/paysafe or /paysafe). */
export type HostedCheckoutAdapter = SandboxHostedCheckout | PaysafeHostedCheckout;

/**
 * The hosted checkout: Paysafe's Payments API when its keys are set (config.ts checks they come
 * together), else the sandbox as before. Production never uses the sandbox unless ALLOW_SANDBOX
 * says this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters'); without either
 * the store offers no PAYSAFE method. The environment is PAYSAFE_ENVIRONMENT (LIVE only in
 * production by default); the sandbox's is LIVE only in production (seed 001 section 9).
 */
export function createHostedCheckout(
  config: Config,
  /** Tests: undici's MockAgent in place of Paysafe. */
  dispatcher?: Dispatcher,
): HostedCheckoutAdapter | null {
  if (config.PAYSAFE_API_KEY_USERNAME && config.PAYSAFE_API_KEY_PASSWORD && config.PAYSAFE_PUBLIC_API_KEY) {
    return createPaysafeHostedCheckout({
      environment: config.PAYSAFE_ENVIRONMENT ?? (config.isProduction ? 'LIVE' : 'TEST'),
      apiKey: { username: config.PAYSAFE_API_KEY_USERNAME, password: config.PAYSAFE_API_KEY_PASSWORD },
      publicApiKey: config.PAYSAFE_PUBLIC_API_KEY,
      webhookHmacKey: config.PAYSAFE_WEBHOOK_HMAC_KEY ? Buffer.from(config.PAYSAFE_WEBHOOK_HMAC_KEY, 'base64') : null,
      ...(dispatcher ? { dispatcher } : {}),
    });
  }
  if (config.isProduction && !config.ALLOW_SANDBOX) return null;
  return createSandboxHostedCheckout(config.isProduction ? 'LIVE' : 'TEST');
}
