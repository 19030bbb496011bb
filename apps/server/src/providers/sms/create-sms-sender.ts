import type { Config } from '../../config.js';
import type { Database } from '../../db/client.js';
import { createSandboxSms } from './sandbox-sms.js';
import type { SmsSender } from './sms-sender.js';
import { createTwilioSms } from './twilio-sms.js';

/**
 * The SMS adapter: Twilio when its account and credentials are set (config.ts checks the set is
 * whole), the sandbox outbox otherwise. Production never uses a sandbox unless ALLOW_SANDBOX says
 * this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters'); without one, asking for
 * a phone code answers 3006 (no fake success) and the rest of the server runs.
 */
export function createSmsSender(config: Config, db: Database): SmsSender | null {
  if (config.TWILIO_ACCOUNT_SID) {
    const auth = config.TWILIO_API_KEY_SID
      ? { username: config.TWILIO_API_KEY_SID, password: config.TWILIO_API_KEY_SECRET ?? '' }
      : { username: config.TWILIO_ACCOUNT_SID, password: config.TWILIO_AUTH_TOKEN ?? '' };
    return createTwilioSms({
      accountSid: config.TWILIO_ACCOUNT_SID,
      auth,
      from: config.TWILIO_FROM,
      messagingServiceSid: config.TWILIO_MESSAGING_SERVICE_SID,
    });
  }
  if (config.isProduction && !config.ALLOW_SANDBOX) return null;
  return createSandboxSms(db);
}
