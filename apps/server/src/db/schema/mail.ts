import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/** The sandbox mail adapter's outbox (migration 0011). */
export const sandboxMailOutbox = pgTable(
  'sandbox_mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    fromAddress: text('from_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_mail_outbox_sent_at_idx').on(table.sentAt.desc(), table.id.desc()),
    index('sandbox_mail_outbox_to_idx').on(sql`lower(${table.toAddress})`, table.sentAt.desc()),
  ],
);
