import { bigint, boolean, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.js';
import type { AdClickIds } from './ad-conversions.js';
import { users } from './users.js';

/** Coin packages (migration 0070_store_packages.sql); amount in cents, coins in hundredths. */
export const packages = pgTable('packages', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  packageType: text('package_type'),
  showPackageType: boolean('show_package_type').notNull().default(false),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  previousAmount: bigint('previous_amount', { mode: 'number' }),
  gcCoin: bigint('gc_coin', { mode: 'number' }).notNull(),
  scCoin: bigint('sc_coin', { mode: 'number' }).notNull(),
  imageUrl: text('image_url'),
  isPromo: boolean('is_promo').notNull().default(false),
  firstPurchaseApplicable: boolean('first_purchase_applicable').notNull().default(false),
  welcomePurchaseBonusApplicable: boolean('welcome_purchase_bonus_applicable').notNull().default(false),
  welcomePurchaseBonusApplicableMinutes: integer('welcome_purchase_bonus_applicable_minutes'),
  oneTimePurchaseBonusApplicable: boolean('one_time_purchase_bonus_applicable').notNull().default(false),
  validTill: timestamp('valid_till', { withTimezone: true }),
  isActive: boolean('is_active').notNull().default(true),
  orderId: integer('order_id').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Raised by every change from the back office (migration 0152). */
  version: integer('version').notNull().default(1),
});

/** Payment intents and their processor results (migration 0071_payments.sql). */
export const paymentIntents = pgTable('payment_intents', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  merchantRefNum: text('merchant_ref_num').notNull().unique(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  packageId: bigint('package_id', { mode: 'number' })
    .notNull()
    .references(() => packages.id),
  providerType: text('provider_type', { enum: ['FINIX', 'PAYSAFE', 'SHIFT4'] }).notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency').notNull().default('USD'),
  gcCoin: bigint('gc_coin', { mode: 'number' }).notNull(),
  scCoin: bigint('sc_coin', { mode: 'number' }).notNull(),
  status: smallint('status').notNull().default(0),
  processorTransferId: text('processor_transfer_id').unique(),
  instrumentId: text('instrument_id'),
  failureMessage: text('failure_message'),
  firstPurchasePercentage: integer('first_purchase_percentage').notNull().default(0),
  firstPurchaseBonus: boolean('first_purchase_bonus').notNull().default(false),
  offerKind: text('offer_kind', { enum: ['welcome', 'one_time'] }),
  offerClaimed: boolean('offer_claimed').notNull().default(false),
  paymentMethod: text('payment_method', { enum: ['CARD', 'APPLE_PAY', 'GOOGLE_PAY', 'HOSTED'] })
    .notNull()
    .default('CARD'),
  adClickIds: jsonb('ad_click_ids').$type<AdClickIds>().notNull().default({}),
  creditedTransferId: bigint('credited_transfer_id', { mode: 'number' })
    .unique()
    .references(() => ledgerTransfers.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** When the purchase started to count against the deposit limits (responsible play). */
  limitReservedAt: timestamp('limit_reserved_at', { withTimezone: true }),
  /** The processor's fingerprint of the card (migration 0173): the same card number, the same print. */
  cardFingerprint: text('card_fingerprint'),
  /** A paid purchase refunded or charged back afterwards (status 10), and the transfer that took its coins back. */
  reversalKind: text('reversal_kind', { enum: ['refund', 'chargeback'] }),
  reversedAt: timestamp('reversed_at', { withTimezone: true }),
  reversalTransferId: bigint('reversal_transfer_id', { mode: 'number' })
    .unique()
    .references(() => ledgerTransfers.id),
});

export const paymentSavedCards = pgTable('payment_saved_cards', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .references(() => users.id),
  instrumentId: text('instrument_id').notNull().unique(),
  name: text('name').notNull().default(''),
  brand: text('brand').notNull(),
  lastFour: text('last_four').notNull(),
  cardFingerprint: text('card_fingerprint'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  removedAt: timestamp('removed_at', { withTimezone: true }),
});

export const paymentWebhookEvents = pgTable('payment_webhook_events', {
  eventId: text('event_id').primaryKey(),
  providerType: text('provider_type').notNull(),
  merchantRefNum: text('merchant_ref_num'),
  transferState: text('transfer_state').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const paymentAlerts = pgTable('payment_alerts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  intentId: bigint('intent_id', { mode: 'number' })
    .notNull()
    .references(() => paymentIntents.id),
  kind: text('kind').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Purchase bonuses configured by the operator (migration 0072_first_purchase_bonus.sql). */
export const purchaseBonusSettings = pgTable('purchase_bonus_settings', {
  kind: text('kind', { enum: ['first_purchase'] }).primaryKey(),
  percentage: integer('percentage').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
