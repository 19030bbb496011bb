import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** One open phone one-time code per player: only its HMAC (migration 0085). */
export const phoneOtpChallenges = pgTable('phone_otp_challenges', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  phone: text('phone').notNull(),
  codeHash: text('code_hash').notNull(),
  failedAttempts: integer('failed_attempts').notNull().default(0),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** The sandbox SMS adapter's outbox (migration 0085). */
export const sandboxSmsOutbox = pgTable(
  'sandbox_sms_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('sandbox_sms_outbox_sent_at_idx').on(table.sentAt.desc(), table.id.desc()),
    index('sandbox_sms_outbox_to_idx').on(table.toPhone, table.sentAt.desc()),
  ],
);

/** Hosted verification sessions at the KYC vendor (migration 0086). */
export const kycSessions = pgTable(
  'kyc_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: text('provider').notNull(),
    vendorSessionId: text('vendor_session_id').notNull().unique(),
    url: text('url').notNull(),
    status: text('status').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('kyc_sessions_user_idx').on(table.userId, table.id.desc())],
);

/** KYC webhook events applied, by the vendor's event id (migration 0086). */
export const kycWebhookEvents = pgTable('kyc_webhook_events', {
  eventId: text('event_id').primaryKey(),
  vendorSessionId: text('vendor_session_id').notNull(),
  status: text('status').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A player's social security number, sealed (lib/secret-box.ts), and its last four digits, all the
 * product shows (migration 0180, docs/decisions/059).
 */
export const playerSsns = pgTable('player_ssns', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  ssnSealed: text('ssn_sealed').notNull(),
  lastFour: text('last_four').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
