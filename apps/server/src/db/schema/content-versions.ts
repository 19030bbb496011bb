import { bigint, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { operators } from './admin.js';

/**
 * Kept versions of the back office's content (migration 0150): per item, numbered, the state
 * before and after, who and why. Append-only like the audit trail.
 */
export const contentVersions = pgTable(
  'content_versions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    contentType: text('content_type').notNull(),
    contentId: text('content_id').notNull(),
    version: integer('version').notNull(),
    before: jsonb('before'),
    after: jsonb('after').notNull(),
    operatorId: bigint('operator_id', { mode: 'number' }).references(() => operators.id),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('content_versions_item_version_key').on(table.contentType, table.contentId, table.version)],
);
