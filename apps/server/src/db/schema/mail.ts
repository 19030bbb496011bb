import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

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

/**
 * The player's account mails waiting to be sent (migration 0193): queued by the outbox's mail
 * subscriber, deleted once the mailer accepted them (docs/decisions/062-player-mails.md).
 */
export const playerMailQueue = pgTable(
  'player_mail_queue',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: bigint('event_id', { mode: 'number' }).notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    template: text('template').notNull(),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('player_mail_queue_due_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.failedAt} is null`),
  ],
);
