import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The last version of each demo seed step written to this database (migration 0060, db/seed.ts). */
export const seedVersions = pgTable('seed_versions', {
  step: text('step').primaryKey(),
  version: integer('version').notNull(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
