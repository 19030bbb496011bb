import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { ledgerTransfers } from './ledger.js';
import { users } from './users.js';

/** The spin wheel's segments, prizes in hundredths (migration 0110, decision 017). */
export const spinWheelSegments = pgTable(
  'spin_wheel_segments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    position: integer('position').notNull(),
    gcAmount: bigint('gc_amount', { mode: 'number' }).notNull(),
    scAmount: bigint('sc_amount', { mode: 'number' }).notNull(),
    weight: integer('weight').notNull(),
    isJackpot: boolean('is_jackpot').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('spin_wheel_segments_active_position_key')
      .on(table.position)
      .where(sql`${table.isActive}`),
  ],
);

/** Every spin with its prize and ledger credit. */
export const spinWheelSpins = pgTable(
  'spin_wheel_spins',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    segmentId: bigint('segment_id', { mode: 'number' })
      .notNull()
      .references(() => spinWheelSegments.id),
    position: integer('position').notNull(),
    gcAmount: bigint('gc_amount', { mode: 'number' }).notNull(),
    scAmount: bigint('sc_amount', { mode: 'number' }).notNull(),
    transferId: bigint('transfer_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerTransfers.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('spin_wheel_spins_user_claimed_idx').on(table.userId, sql`${table.claimedAt} desc`)],
);
