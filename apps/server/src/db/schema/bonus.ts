import { bigint, boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Welcome and daily bonus amounts in hundredths (migration 0021_bonus.sql); claims live in the ledger. */
export const bonusSettings = pgTable('bonus_settings', {
  bonusType: text('bonus_type', { enum: ['welcome', 'daily'] }).primaryKey(),
  gcAmount: bigint('gc_amount', { mode: 'number' }).notNull(),
  scAmount: bigint('sc_amount', { mode: 'number' }).notNull(),
  isActive: boolean('is_active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
