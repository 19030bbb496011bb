import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea } from './bytea.js';
import { users } from './users.js';

/**
 * The players' avatars (migration 0080): the re-encoded image itself, one per player, in the
 * database so that every server process serves it. `id` is random and changes with each upload,
 * so the image's address changes too and caches never show an old one.
 */
export const profileImages = pgTable('profile_images', {
  id: text('id').primaryKey(),
  userId: bigint('user_id', { mode: 'number' })
    .notNull()
    .unique()
    .references(() => users.id),
  contentType: text('content_type').notNull(),
  bytes: bytea('bytes').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
