import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { sandboxMailOutbox } from '../../db/schema/index.js';
import { MailDeliveryError, type Mailer } from './mailer.js';

export interface SandboxMail {
  id: number;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string;
  sentAt: Date;
}

/**
 * The sandbox mail adapter: messages land in the sandbox_mail_outbox table, so every server
 * process and the tests see the same outbox. Like a real SMTP server it refuses recipients it can
 * never deliver to: any address on the reserved `.invalid` top-level domain (RFC 2606), which is
 * how tests drive a delivery failure.
 */
export function createSandboxMailer(db: Database, from: string): Mailer {
  return {
    kind: 'sandbox',
    async send(mail) {
      if (/\.invalid$/i.test(mail.to.trim())) {
        throw new MailDeliveryError(`Recipient address rejected: ${mail.to}`);
      }
      await db.insert(sandboxMailOutbox).values({
        toAddress: mail.to,
        fromAddress: from,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html,
      });
    },
  };
}

/** The outbox, newest first, optionally only the messages to one address (ignoring case). */
export async function listSandboxMail(db: Database, options: { to?: string | undefined; limit: number }): Promise<SandboxMail[]> {
  const rows = await db
    .select()
    .from(sandboxMailOutbox)
    .where(options.to ? sql`lower(${sandboxMailOutbox.toAddress}) = lower(${options.to})` : undefined)
    .orderBy(desc(sandboxMailOutbox.sentAt), desc(sandboxMailOutbox.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: row.id,
    to: row.toAddress,
    from: row.fromAddress,
    subject: row.subject,
    text: row.textBody,
    html: row.htmlBody,
    sentAt: row.sentAt,
  }));
}
