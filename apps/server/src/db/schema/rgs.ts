import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { casinoGames } from './games.js';
import { sessions, users } from './users.js';

/** The in-house game server's sessions and rounds (migration 0032_rgs_rounds.sql). */
export const rgsGameSessions = pgTable(
  'rgs_game_sessions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull().unique(),
    launchId: text('launch_id').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    casinoGameId: bigint('casino_game_id', { mode: 'number' })
      .notNull()
      .references(() => casinoGames.id),
    titleId: text('title_id').notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    /** The login session that launched the game; when it ends, so does the game session. */
    casinoSessionId: bigint('casino_session_id', { mode: 'number' }).references(() => sessions.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('rgs_game_sessions_user_idx').on(table.userId, table.createdAt.desc())],
);

export type RoundStatus = 'pending' | 'refused' | 'bet_placed' | 'settled' | 'cancelled';

export const rgsRounds = pgTable(
  'rgs_rounds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => rgsGameSessions.id),
    requestId: text('request_id').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The game: checked once per statement without locking its row (migration 0162), not a foreign key. */
    casinoGameId: bigint('casino_game_id', { mode: 'number' }).notNull(),
    titleId: text('title_id').notNull(),
    profileId: text('profile_id').notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    bet: bigint('bet', { mode: 'number' }).notNull(),
    win: bigint('win', { mode: 'number' }).notNull().default(0),
    status: text('status', { enum: ['pending', 'refused', 'bet_placed', 'settled', 'cancelled'] }).notNull(),
    balanceBefore: bigint('balance_before', { mode: 'number' }),
    balanceAfter: bigint('balance_after', { mode: 'number' }),
    outcome: jsonb('outcome'),
    /** The seed pair and nonce the outcome was drawn from (migration 0197); null for older rounds. */
    seedPairId: bigint('seed_pair_id', { mode: 'number' }),
    nonce: bigint('nonce', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('rgs_rounds_session_request_key').on(table.sessionId, table.requestId),
    index('rgs_rounds_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('rgs_rounds_unsettled_idx')
      .on(table.userId, table.id)
      .where(sql`${table.status} = 'bet_placed'`),
  ],
);

/**
 * A player's provably fair seed pairs (migration 0197_provably_fair.sql): the current one (not
 * revealed) draws their rounds; a rotated one shows its server seed.
 */
export const rgsSeedPairs = pgTable(
  'rgs_seed_pairs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Secret until revealedAt: never in an answer before. */
    serverSeed: text('server_seed').notNull(),
    serverSeedHash: text('server_seed_hash').notNull(),
    clientSeed: text('client_seed').notNull(),
    nextNonce: bigint('next_nonce', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revealedAt: timestamp('revealed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('rgs_seed_pairs_current_key')
      .on(table.userId)
      .where(sql`${table.revealedAt} is null`),
    index('rgs_seed_pairs_user_idx').on(table.userId, table.id.desc()),
  ],
);
