import { bigint, boolean, date, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.js';
import { users } from './users.js';

/** The VIP tiers (migration 0115, decision 018): hundredths, and basis points for percentages. */
export const vipTiers = pgTable('vip_tiers', {
  vipTierId: integer('vip_tier_id').primaryKey(),
  name: text('name').notNull(),
  scRequiredPlay: bigint('sc_required_play', { mode: 'number' }).notNull(),
  gcRequiredPurchase: bigint('gc_required_purchase', { mode: 'number' }).notNull(),
  bonusGc: bigint('bonus_gc', { mode: 'number' }).notNull(),
  bonusSc: bigint('bonus_sc', { mode: 'number' }).notNull(),
  rakebackBps: integer('rakeback_bps').notNull(),
  boostBps: integer('boost_bps').notNull(),
  welcomeReward: text('welcome_reward').notNull().default(''),
  vipClubAccess: boolean('vip_club_access').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vipProgress = pgTable('vip_progress', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  scWagered: bigint('sc_wagered', { mode: 'number' }).notNull().default(0),
  gcPurchased: bigint('gc_purchased', { mode: 'number' }).notNull().default(0),
  currentTier: integer('current_tier')
    .notNull()
    .default(1)
    .references(() => vipTiers.vipTierId),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vipTierRewards = pgTable(
  'vip_tier_rewards',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    vipTierId: integer('vip_tier_id')
      .notNull()
      .references(() => vipTiers.vipTierId),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.vipTierId] })],
);

export const vipRakebackCredits = pgTable(
  'vip_rakeback_credits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    scWagered: bigint('sc_wagered', { mode: 'number' }).notNull(),
    scWon: bigint('sc_won', { mode: 'number' }).notNull(),
    rakebackBps: integer('rakeback_bps').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    creditedAt: timestamp('credited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
