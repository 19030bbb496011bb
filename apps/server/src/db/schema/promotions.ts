import { referralStatuses } from '@casino/contracts/admin-referrals';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './admin.js';
import { ledgerTransfers } from './ledger.js';
import { users } from './users.js';

/** Promo codes and their bonus in hundredths (migration 0125, decision 020). */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    gcAmount: bigint('gc_amount', { mode: 'number' }).notNull(),
    scAmount: bigint('sc_amount', { mode: 'number' }).notNull(),
    validFrom: timestamp('valid_from', { withTimezone: true }).notNull().defaultNow(),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('promo_codes_code_key').on(table.code)],
);

/** What became of a player's promo code when the e-mail was verified: one row per player. */
export const promoCodeRedemptions = pgTable(
  'promo_code_redemptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    promoCodeId: bigint('promo_code_id', { mode: 'number' })
      .notNull()
      .references(() => promoCodes.id),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: ['credited', 'refused'] }).notNull(),
    refusal: text('refusal'),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('promo_code_redemptions_user_key').on(table.userId),
    index('promo_code_redemptions_code_idx').on(table.promoCodeId),
  ],
);

/** Who referred whom; the referrer is rewarded once, on the referred player's first purchase, or held for review. */
export const referrals = pgTable(
  'referrals',
  {
    referredUserId: bigint('referred_user_id', { mode: 'number' })
      .primaryKey()
      .references(() => users.id),
    referrerUserId: bigint('referrer_user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    rewardedAt: timestamp('rewarded_at', { withTimezone: true }),
    rewardTransferId: bigint('reward_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    rewardGc: bigint('reward_gc', { mode: 'number' }),
    rewardSc: bigint('reward_sc', { mode: 'number' }),
    /** Where the reward stands (migration 0173, docs/decisions/056). */
    status: text('status', { enum: referralStatuses }).notNull().default('linked'),
    /** When it reached its status: the review queue's order. */
    statusAt: timestamp('status_at', { withTimezone: true }).notNull().defaultNow(),
    holdReasons: text('hold_reasons')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The friend's purchase that made the reward due. */
    rewardIntentId: bigint('reward_intent_id', { mode: 'number' }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    decisionReason: text('decision_reason'),
    reversalKind: text('reversal_kind', { enum: ['refund', 'chargeback'] }),
    reversalTransferId: bigint('reversal_transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    /** What the reversal took back (hundredths); the rest had been played. */
    reversalGc: bigint('reversal_gc', { mode: 'number' }),
    reversalSc: bigint('reversal_sc', { mode: 'number' }),
  },
  (table) => [
    index('referrals_referrer_idx').on(table.referrerUserId, sql`${table.createdAt} desc`),
    index('referrals_queue_idx').on(table.status, table.statusAt, table.referredUserId),
    index('referrals_paid_idx')
      .on(table.referrerUserId, table.rewardedAt)
      .where(sql`${table.status} = 'paid'`),
  ],
);

/** The referrer's reward in hundredths: one row (id 1). */
export const referralSettings = pgTable('referral_settings', {
  id: smallint('id').primaryKey().default(1),
  gcAmount: bigint('gc_amount', { mode: 'number' }).notNull(),
  scAmount: bigint('sc_amount', { mode: 'number' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
