import type { Config } from '../../config.js';
import { ConfigError } from '../../config.js';
import type { Database } from '../../db/client.js';
import type { Mailer } from './mailer.js';
import { createSandboxMailer } from './sandbox-mailer.js';
import { createSmtpMailer } from './smtp-mailer.js';

/**
 * SMTP when SMTP_URL is set, the sandbox outbox otherwise. Production refuses the sandbox unless
 * ALLOW_SANDBOX says this is a staging site (docs/ARCHITECTURE.md 'Vendors behind adapters').
 */
export function createMailer(config: Config, db: Database): Mailer {
  if (config.SMTP_URL) return createSmtpMailer(config.SMTP_URL, config.MAIL_FROM);
  if (config.isProduction && !config.ALLOW_SANDBOX) {
    throw new ConfigError(
      'Invalid configuration:\n  SMTP_URL: is required when APP_ENV=production (or set ALLOW_SANDBOX=true to keep mail in the sandbox outbox)',
    );
  }
  return createSandboxMailer(db, config.MAIL_FROM);
}
