import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The games catalogue and the casino's record of play (migrations 0030_casino_catalogue.sql and
 * 0031_casino_bets.sql). Amounts are integer hundredths.
 */
export const casinoProviders = pgTable(
  'casino_providers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    thumbnailUrl: text('thumbnail_url').notNull(),
    aggregatorId: integer('aggregator_id').notNull(),
    orderId: integer('order_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('casino_providers_order_idx').on(table.orderId, table.id)],
);

export const casinoSubCategories = pgTable(
  'casino_sub_categories',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    isFeatured: boolean('is_featured').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    orderId: integer('order_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('casino_sub_categories_name_key').on(sql`lower(${table.name})`),
    index('casino_sub_categories_order_idx')
      .on(table.orderId, table.id)
      .where(sql`${table.isActive}`),
  ],
);

export const casinoGames = pgTable(
  'casino_games',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    identifier: text('identifier').notNull().unique(),
    name: text('name').notNull(),
    providerId: bigint('provider_id', { mode: 'number' })
      .notNull()
      .references(() => casinoProviders.id),
    gameType: text('game_type', { enum: ['slot', 'scratch'] }).notNull(),
    imageUrl: text('image_url').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    orderId: integer('order_id').notNull().default(0),
    /** The most a round's win may be, as a multiple of the round's bet (migration 0178, docs/decisions/058-win-limits.md). */
    maxWinMultiplier: integer('max_win_multiplier').notNull().default(10_000),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('casino_games_name_trgm_idx').using('gist', sql`${table.name} gist_trgm_ops`),
    index('casino_games_name_prefix_idx').on(sql`lower(${table.name}) text_pattern_ops`),
    index('casino_games_order_idx')
      .on(table.orderId, table.id)
      .where(sql`${table.isActive}`),
    index('casino_games_provider_order_idx')
      .on(table.providerId, table.orderId, table.id)
      .where(sql`${table.isActive}`),
  ],
);

export const casinoSubCategoryGames = pgTable(
  'casino_sub_category_games',
  {
    subCategoryId: bigint('sub_category_id', { mode: 'number' })
      .notNull()
      .references(() => casinoSubCategories.id),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => casinoGames.id),
    orderId: integer('order_id').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.subCategoryId, table.gameId] }),
    index('casino_sub_category_games_order_idx').on(table.subCategoryId, table.orderId, table.gameId),
    index('casino_sub_category_games_game_idx').on(table.gameId),
  ],
);

export const casinoFavoriteGames = pgTable(
  'casino_favorite_games',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameId: bigint('game_id', { mode: 'number' })
      .notNull()
      .references(() => casinoGames.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('casino_favorite_games_user_created_idx').on(table.userId, table.createdAt.desc(), table.gameId),
  ],
);

export const casinoWalletTransactions = pgTable(
  'casino_wallet_transactions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: text('transaction_id').notNull().unique(),
    action: text('action', { enum: ['bet', 'win', 'rollback'] }).notNull(),
    fingerprint: text('fingerprint').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The game: checked once per statement without locking its row (migration 0162), not a foreign key. */
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    roundId: text('round_id').notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    rollsBackTransactionId: text('rolls_back_transaction_id'),
    ledgerTransferId: bigint('ledger_transfer_id', { mode: 'number' }),
    balanceBefore: bigint('balance_before', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('casino_wallet_transactions_rollback_key')
      .on(table.rollsBackTransactionId)
      .where(sql`${table.rollsBackTransactionId} is not null`),
    index('casino_wallet_transactions_round_idx').on(table.gameId, table.roundId),
  ],
);

export const casinoBets = pgTable(
  'casino_bets',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The game: checked once per statement without locking its row (migration 0162), not a foreign key. */
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    roundId: text('round_id').notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    betAmount: bigint('bet_amount', { mode: 'number' }).notNull().default(0),
    winAmount: bigint('win_amount', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['open', 'settled', 'rolled_back'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    wonAt: timestamp('won_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('casino_bets_round_key').on(table.gameId, table.roundId),
    index('casino_bets_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('casino_bets_user_coin_created_idx').on(table.userId, table.coin, table.createdAt.desc(), table.id.desc()),
    index('casino_bets_wins_idx')
      .on(table.wonAt.desc(), table.id.desc())
      .where(sql`${table.winAmount} > 0`),
  ],
);

export const casinoRecentGames = pgTable(
  'casino_recent_games',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The game: checked once per statement without locking its row (migration 0162), not a foreign key. */
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    lastPlayedAt: timestamp('last_played_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.gameId] }),
    index('casino_recent_games_user_played_idx').on(table.userId, table.lastPlayedAt.desc(), table.gameId),
  ],
);
