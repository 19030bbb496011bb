import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { users } from './users.js';
import type { ReconciliationCheck } from '@casino/contracts/admin-money';
import { operators } from './admin.js';

/** Reconciliation runs (migration 0140): what each checked and the rows that broke a rule. */
export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    trigger: text('trigger', { enum: ['job', 'operator'] }).notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
    mismatchCount: integer('mismatch_count').notNull(),
    checks: jsonb('checks').$type<ReconciliationCheck[]>().notNull(),
  },
  (table) => [index('reconciliation_runs_finished_idx').on(table.finishedAt.desc(), table.id.desc())],
);

/** Alerts for the money desks (migration 0140): a reconciliation that found mismatches, a refused win (0178). */
export const moneyAlerts = pgTable(
  'money_alerts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind').notNull(),
    summary: text('summary').notNull(),
    runId: bigint('run_id', { mode: 'number' }).references(() => reconciliationRuns.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('money_alerts_created_idx').on(table.createdAt.desc(), table.id.desc())],
);

/**
 * Failed webhook deliveries (migration 0153): a verified provider event whose handling threw,
 * one row per event, until a provider retry resolves it or an operator replays it.
 */
export const failedWebhooks = pgTable(
  'failed_webhooks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    provider: text('provider', { enum: ['FINIX', 'PAYSAFE', 'PAYNOTE'] }).notNull(),
    eventId: text('event_id').notNull(),
    reference: text('reference').notNull(),
    event: jsonb('event').$type<unknown>().notNull(),
    status: text('status', { enum: ['failed', 'replayed', 'resolved'] })
      .notNull()
      .default('failed'),
    attempts: integer('attempts').notNull().default(1),
    lastError: text('last_error').notNull(),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    replayStartedAt: timestamp('replay_started_at', { withTimezone: true }),
    replayedAt: timestamp('replayed_at', { withTimezone: true }),
    replayedBy: bigint('replayed_by', { mode: 'number' }).references(() => operators.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    unique('failed_webhooks_event_key').on(table.provider, table.eventId),
    index('failed_webhooks_desk_idx').on(table.status, table.firstSeenAt.desc(), table.id.desc()),
  ],
);

/**
 * Wins the wallet refused for being above their game's limit (migration 0178,
 * docs/decisions/058-win-limits.md): one row per refused win transaction, append-only.
 */
export const refusedWins = pgTable(
  'refused_wins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: text('transaction_id').notNull().unique('refused_wins_transaction_key'),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    gameId: bigint('game_id', { mode: 'number' }).notNull(),
    roundId: text('round_id').notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    betAmount: bigint('bet_amount', { mode: 'number' }).notNull(),
    winAmount: bigint('win_amount', { mode: 'number' }).notNull(),
    maxWinMultiplier: integer('max_win_multiplier').notNull(),
    maxWin: bigint('max_win', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('refused_wins_created_idx').on(table.createdAt.desc(), table.id.desc())],
);
