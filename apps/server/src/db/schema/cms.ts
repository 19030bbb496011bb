import { boolean, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Text keyed by language code: { EN: '...' } (seed 000 section 3 'CMS page'). */
export type LocalizedText = Record<string, string>;

/** CMS pages (migration 0012): policy pages, contact, rules. */
export const cmsPages = pgTable('cms_pages', {
  slug: text('slug').primaryKey(),
  title: jsonb('title').$type<LocalizedText>().notNull(),
  content: jsonb('content').$type<LocalizedText>().notNull(),
  category: integer('category').notNull().default(1),
  isActive: boolean('is_active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
