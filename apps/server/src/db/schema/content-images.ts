import { bigint, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.js';
import { operators } from './admin.js';

/**
 * Images uploaded by the content desk (migration 0153): the re-encoded bytes, named by their
 * SHA-256 (hex), served publicly at /api/v1/content-images/<id>.<png|jpg>.
 */
export const contentImages = pgTable('content_images', {
  id: text('id').primaryKey(),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  uploadedBy: bigint('uploaded_by', { mode: 'number' }).references(() => operators.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
