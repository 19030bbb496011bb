import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { operators } from './admin.js';
import { ledgerTransfers } from './ledger.js';
import { users } from './users.js';

/**
 * Mail-in entry (migration 0196, docs/decisions/069-mail-in-entry.md): a player's request codes,
 * each open until a card decides it, and every card an operator entered.
 */
export const mailInRequests = pgTable(
  'mail_in_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    code: text('code').notNull().unique(),
    status: text('status', { enum: ['open', 'credited', 'refused'] })
      .notNull()
      .default('open'),
    refusalReason: text('refusal_reason', { enum: ['identity_mismatch', 'postmark_outside_rules', 'cap_reached'] }),
    scAmount: bigint('sc_amount', { mode: 'number' }),
    transferId: bigint('transfer_id', { mode: 'number' })
      .unique()
      .references(() => ledgerTransfers.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => operators.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mail_in_requests_open_key')
      .on(table.userId)
      .where(sql`status = 'open'`),
    index('mail_in_requests_user_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('mail_in_requests_credited_idx')
      .on(table.userId, table.decidedAt)
      .where(sql`status = 'credited'`),
  ],
);

export const mailInCards = pgTable(
  'mail_in_cards',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: bigint('request_id', { mode: 'number' }).references(() => mailInRequests.id),
    codeEntered: text('code_entered').notNull(),
    postmarkDate: date('postmark_date').notNull(),
    identityMatches: boolean('identity_matches').notNull(),
    outcome: text('outcome', { enum: ['credited', 'refused'] }).notNull(),
    refusalReason: text('refusal_reason', {
      enum: ['code_unknown', 'code_used', 'identity_mismatch', 'postmark_outside_rules', 'cap_reached'],
    }),
    transferId: bigint('transfer_id', { mode: 'number' }).references(() => ledgerTransfers.id),
    operatorId: bigint('operator_id', { mode: 'number' })
      .notNull()
      .references(() => operators.id),
    note: text('note').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('mail_in_cards_credited_key')
      .on(table.requestId)
      .where(sql`outcome = 'credited'`),
    index('mail_in_cards_created_idx').on(table.createdAt.desc(), table.id.desc()),
    index('mail_in_cards_request_idx')
      .on(table.requestId)
      .where(sql`request_id is not null`),
  ],
);
