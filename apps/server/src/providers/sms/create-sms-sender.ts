import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createSandboxSms } from './sandbox-sms.js';
import type { SmsSender } from './sms-sender.js';

/**
 * The SMS adapter: only the sandbox outbox so far. Production never uses a sandbox unless
 * ALLOW_SANDBOX says this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters'); without one, asking for a
 * phone code answers 3006 (no fake success) and the rest of the server runs.
 */
export function createSmsSender(config: Config, db: Database): SmsSender | null {
  if (config.isProduction && !config.ALLOW_SANDBOX) return null;
  return createSandboxSms(db);
}
