import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { JWK } from 'jose';
import { operators } from './admin.js';
import { users } from './users.js';

/** E-mail verification and password-reset links (migration 0010); only token hashes are kept. */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    purpose: text('purpose', { enum: ['verify_email', 'reset_password'] }).notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    /** The address the link was sent to. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('account_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt)],
);

/**
 * Attempt counters (migration 0050): one row per throttled key, counted by one atomic upsert
 * (modules/auth/attempt-counters.ts).
 */
export const attemptCounters = pgTable(
  'attempt_counters',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('attempt_counters_window_idx').on(table.windowStartedAt)],
);

/** Key pairs of sandbox adapters (the sandbox Google ID-token signer), shared by every process. */
export const sandboxSigningKeys = pgTable('sandbox_signing_keys', {
  name: text('name').primaryKey(),
  kid: text('kid').notNull(),
  privateJwk: jsonb('private_jwk').$type<JWK>().notNull(),
  publicJwk: jsonb('public_jwk').$type<JWK>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Players blocked by an operator (migration 0132): no sign-in, sessions ended. */
export const playerBlocks = pgTable('player_blocks', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id),
  reason: text('reason').notNull(),
  operatorId: bigint('operator_id', { mode: 'number' })
    .notNull()
    .references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
