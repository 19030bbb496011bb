import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
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

/** Alerts for the money desks (migration 0140): a reconciliation that found mismatches. */
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
