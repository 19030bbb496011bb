import type { Config } from '../../config.js';
import type { KycProvider } from './kyc-provider.js';
import { createPersonaKyc } from './persona-kyc.js';
import { createSandboxKyc, type SandboxKyc } from './sandbox-kyc.js';

/**
 * The KYC vendor: Persona when its API key, inquiry template and webhook secret are set
 * (config.ts checks the set is whole; docs/decisions/063-kyc-vendor.md), the hosted sandbox
 * otherwise. Production never uses a sandbox unless ALLOW_SANDBOX says this is a staging site
 * (docs/ARCHITECTURE.md 'Vendors behind adapters'); without one init-kyc answers 3739 (no fake
 * verification) and GET /kyc/get-kyc-setting says isKycEnabled false.
 */
export function createKycProvider(
  config: Config,
  log: { warn: (object: unknown, message: string) => void },
): { provider: KycProvider | null; sandbox: SandboxKyc | null } {
  if (config.PERSONA_API_KEY && config.PERSONA_INQUIRY_TEMPLATE_ID && config.PERSONA_WEBHOOK_SECRET) {
    const provider = createPersonaKyc({
      apiKey: config.PERSONA_API_KEY,
      templateId: config.PERSONA_INQUIRY_TEMPLATE_ID,
      webhookSecret: config.PERSONA_WEBHOOK_SECRET,
      publicUrl: config.publicUrl,
    });
    return { provider, sandbox: null };
  }
  if (config.isProduction && !config.ALLOW_SANDBOX) return { provider: null, sandbox: null };
  const sandbox = createSandboxKyc({
    webhookSecret: config.kycWebhookSecret,
    webhookUrl: () => `${config.publicUrl}/api/v1/kyc/webhook`,
    log,
  });
  return { provider: sandbox, sandbox };
}
