import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sessions, users } from './users.js';

/** Every location decision, for audit and for the gate (migration 0095_geolocation_checks.sql). */
export const geolocationChecks = pgTable(
  'geolocation_checks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    sessionId: bigint('session_id', { mode: 'number' })
      .notNull()
      .references(() => sessions.id),
    packetId: text('packet_id').unique(),
    reason: text('reason').notNull(),
    result: text('result', { enum: ['allowed', 'blocked', 'rejected'] }).notNull(),
    errorCode: integer('error_code').notNull(),
    region: text('region'),
    country: text('country'),
    ip: text('ip').notNull(),
    mode: text('mode', { enum: ['enforce', 'monitor'] }).notNull(),
    locatedAt: timestamp('located_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('geolocation_checks_session_idx').on(table.sessionId, table.createdAt.desc(), table.id.desc()),
    index('geolocation_checks_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);
