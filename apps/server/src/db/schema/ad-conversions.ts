import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Ad click ids from the browser's cookies: Meta's _fbc and Reddit's rdt_cid. */
export interface AdClickIds {
  meta?: string;
  reddit?: string;
}

/** Conversion events per provider (migration 0073_ad_conversions.sql). */
export const adConversionEvents = pgTable('ad_conversion_events', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  provider: text('provider', { enum: ['meta', 'reddit'] }).notNull(),
  eventName: text('event_name', { enum: ['registration', 'purchase', 'deposit'] }).notNull(),
  eventId: text('event_id').notNull(),
  source: text('source', { enum: ['server', 'client'] }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
  emailSha256: text('email_sha256'),
  amount: bigint('amount', { mode: 'number' }),
  currency: text('currency').notNull().default('USD'),
  clickId: text('click_id'),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  payload: jsonb('payload').$type<Record<string, unknown>>(),
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});
