import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Domain events waiting for (or done with) delivery: migration 0040_outbox_jobs.sql. */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    lastError: text('last_error'),
  },
  (table) => [
    index('outbox_events_pending_idx')
      .on(table.nextAttemptAt, table.id)
      .where(sql`${table.deliveredAt} is null and ${table.failedAt} is null`),
  ],
);

/** Play totals per player, UTC day and coin, kept by an event subscriber. */
export const playerDailyTotals = pgTable(
  'player_daily_totals',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    wagered: bigint('wagered', { mode: 'number' }).notNull().default(0),
    won: bigint('won', { mode: 'number' }).notNull().default(0),
    rounds: integer('rounds').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day, table.coin] })],
);

/** Jobs of the embedded database's runner (PostgreSQL uses pg-boss's own tables). */
export const localJobs = pgTable(
  'local_jobs',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    data: jsonb('data').notNull().default({}),
    state: text('state', { enum: ['created', 'active', 'completed', 'failed'] })
      .notNull()
      .default('created'),
    singletonKey: text('singleton_key'),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (table) => [
    index('local_jobs_due_idx')
      .on(table.runAt, table.id)
      .where(sql`${table.state} = 'created'`),
    uniqueIndex('local_jobs_singleton_key')
      .on(table.name, table.singletonKey)
      .where(sql`${table.singletonKey} is not null and ${table.state} in ('created', 'active')`),
  ],
);
