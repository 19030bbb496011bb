import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxSmsOutbox } from '../../db/schema/index.js';
import { SmsDeliveryError, type SmsSender } from './sms-sender.js';

export interface SandboxSms {
  id: number;
  to: string;
  body: string;
  sentAt: Date;
}

/**
 * Numbers the sandbox cannot deliver to, like an SMS vendor's test numbers: +1 500 555 0001
 * (not a valid number) and +1 500 555 0009 (not reachable by SMS). Tests drive failures with them.
 */
export const SANDBOX_UNDELIVERABLE = ['+15005550001', '+15005550009'];

/**
 * The sandbox SMS adapter: messages land in the sandbox_sms_outbox table, so every server process
 * and the tests see the same outbox (like the sandbox mailer).
 */
export function createSandboxSms(db: Database): SmsSender {
  return {
    kind: 'sandbox',
    async send(sms) {
      if (SANDBOX_UNDELIVERABLE.includes(sms.to)) throw new SmsDeliveryError(`The number ${sms.to} cannot receive SMS`);
      await db.insert(sandboxSmsOutbox).values({ toPhone: sms.to, body: sms.body });
    },
  };
}

/** The outbox, newest first, optionally only the messages to one number (E.164). */
export async function listSandboxSms(db: Database, options: { to?: string | undefined; limit: number }): Promise<SandboxSms[]> {
  const rows = await db
    .select()
    .from(sandboxSmsOutbox)
    .where(options.to ? eq(sandboxSmsOutbox.toPhone, options.to) : undefined)
    .orderBy(desc(sandboxSmsOutbox.sentAt), desc(sandboxSmsOutbox.id))
    .limit(options.limit);
  return rows.map((row) => ({ id: row.id, to: row.toPhone, body: row.body, sentAt: row.sentAt }));
}
