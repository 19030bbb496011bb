import { bigint, date, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Responsible-play limits per player (migration 0090; seed 001 'Responsible gambling data'). */
export const responsiblePlayLimits = pgTable(
  'responsible_play_limits',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', {
      enum: ['dailyDepositLimit', 'weeklyDepositLimit', 'monthlyDepositLimit', 'dailyBetLimit', 'weeklyBetLimit', 'monthlyBetLimit'],
    }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    pendingAmount: bigint('pending_amount', { mode: 'number' }),
    pendingAt: timestamp('pending_at', { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind] })],
);

/** Time breaks and self-exclusions; endsAt null is indefinite. */
export const responsiblePlayExclusions = pgTable(
  'responsible_play_exclusions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: ['time_break', 'self_exclusion'] }).notNull(),
    period: text('period').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('responsible_play_exclusions_user_idx').on(table.userId, table.endsAt)],
);

/** SC wagered per player and UTC day, kept inside each bet's transaction. */
export const responsiblePlayBetDays = pgTable(
  'responsible_play_bet_days',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    day: date('day', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
