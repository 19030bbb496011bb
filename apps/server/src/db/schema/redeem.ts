import { bigint, boolean, index, integer, pgTable, primaryKey, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.js';
import { paymentSavedCards } from './store.js';
import { users } from './users.js';

/** Bank accounts linked through the payout provider (migration 0100): reference and last digits only. */
export const bankFundingSources = pgTable(
  'bank_funding_sources',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    provider: text('provider', { enum: ['PAYNOTE'] }).notNull(),
    providerReference: text('provider_reference').notNull(),
    bank: text('bank').notNull(),
    lastDigits: text('last_digits').notNull(),
    isPrimary: boolean('is_primary').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.provider, table.providerReference), index('bank_funding_sources_user_idx').on(table.userId, table.id)],
);

/** Redemption requests (migration 0100); amount in hundredths, status numbers of seed 001 section 4. */
export const redemptions = pgTable('redemptions', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  status: smallint('status').notNull().default(0),
  method: text('method', { enum: ['BANK', 'EWALLET', 'CARD'] }).notNull(),
  fundingSourceId: bigint('funding_source_id', { mode: 'number' }).references(() => bankFundingSources.id),
  /** A card payout's saved card (migration 0182). */
  savedCardId: bigint('saved_card_id', { mode: 'number' }).references(() => paymentSavedCards.id),
  actionableEmail: text('actionable_email'),
  payoutId: text('payout_id').unique(),
  failureReason: text('failure_reason'),
  requestedTransferId: bigint('requested_transfer_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => ledgerTransfers.id),
  settledTransferId: bigint('settled_transfer_id', { mode: 'number' })
    .unique()
    .references(() => ledgerTransfers.id),
  submittedAt: timestamp('submitted_at', { withTimezone: true }),
  settledAt: timestamp('settled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const redemptionFlags = pgTable(
  'redemption_flags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    redemptionId: bigint('redemption_id', { mode: 'number' })
      .notNull()
      .references(() => redemptions.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason', { enum: ['daily_total_at_or_above_10000', 'repeated_near_daily_cap'] }).notNull(),
    dayTotal: bigint('day_total', { mode: 'number' }).notNull(),
    dayCount: integer('day_count').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique().on(table.redemptionId, table.reason)],
);

export const payoutWebhookEvents = pgTable('payout_webhook_events', {
  eventId: text('event_id').primaryKey(),
  payoutId: text('payout_id').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const playerRestrictions = pgTable(
  'player_restrictions',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    action: text('action', { enum: ['redeem'] }).notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.action] })],
);
