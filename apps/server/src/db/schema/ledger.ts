import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * The wallet's double-entry ledger (migration 0020_ledger.sql, docs/ARCHITECTURE.md 'The money core'). Player
 * accounts carry a cached balance (never below zero); house accounts (userId null) do not.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id),
    kind: text('kind').notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    balance: bigint('balance', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_accounts_id_coin_key').on(table.id, table.coin),
    uniqueIndex('ledger_accounts_player_key')
      .on(table.userId, table.kind)
      .where(sql`${table.userId} is not null`),
    uniqueIndex('ledger_accounts_house_key')
      .on(table.kind, table.coin)
      .where(sql`${table.userId} is null`),
  ],
);

export const ledgerTransfers = pgTable(
  'ledger_transfers',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    reason: text('reason').notNull(),
    reference: text('reference'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    reversesTransferId: bigint('reverses_transfer_id', { mode: 'number' }),
    gcAmount: bigint('gc_amount', { mode: 'number' }).notNull(),
    scAmount: bigint('sc_amount', { mode: 'number' }).notNull(),
    balancesBefore: jsonb('balances_before').notNull(),
    balancesAfter: jsonb('balances_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('ledger_transfers_idempotency_key').on(table.idempotencyKey),
    uniqueIndex('ledger_transfers_reverses_key')
      .on(table.reversesTransferId)
      .where(sql`${table.reversesTransferId} is not null`),
    index('ledger_transfers_user_created_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    foreignKey({ columns: [table.reversesTransferId], foreignColumns: [table.id] }),
  ],
);

/**
 * A transfer's leg on one account: at most one per account, keyed by the pair (migration 0156).
 * Its transfer, and its account in its coin, exist: checked per statement by a trigger, not by
 * foreign keys (migration 0159).
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
    accountId: bigint('account_id', { mode: 'number' }).notNull(),
    coin: text('coin', { enum: ['GC', 'SC'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ name: 'ledger_entries_pkey', columns: [table.transferId, table.accountId] })],
);
