import type { Config } from '../../config.js';
import type { KycProvider } from './kyc-provider.js';
import { createSandboxKyc, type SandboxKyc } from './sandbox-kyc.js';

/**
 * The KYC vendor: the hosted sandbox is the only adapter so far. Production never uses a sandbox
 * unless ALLOW_SANDBOX says this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters'); without one init-kyc
 * answers 3739 (no fake verification) and GET /kyc/get-kyc-setting says isKycEnabled false.
 */
export function createKycProvider(
  config: Config,
  log: { warn: (object: unknown, message: string) => void },
): { provider: KycProvider | null; sandbox: SandboxKyc | null } {
  if (config.isProduction && !config.ALLOW_SANDBOX) return { provider: null, sandbox: null };
  const sandbox = createSandboxKyc({
    webhookSecret: config.kycWebhookSecret,
    webhookUrl: () => `${config.publicUrl}/api/v1/kyc/webhook`,
    log,
  });
  return { provider: sandbox, sandbox };
}
