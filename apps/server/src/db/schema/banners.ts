import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** How a banner's generated artwork looks: a gradient, an accent and an emblem (emoji). */
export interface BannerTheme {
  from: string;
  to: string;
  accent: string;
  emblem: string;
}

/** Banners by page and visibility (migration 0033_banners.sql, seed 000 section 3 'Banner'). */
export const banners = pgTable(
  'banners',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull().unique(),
    pageName: text('page_name').notNull(),
    visibility: smallint('visibility').notNull(),
    title: text('title').notNull(),
    subtitle: text('subtitle').notNull().default(''),
    redirectUrl: text('redirect_url'),
    theme: jsonb('theme').$type<BannerTheme>().notNull(),
    orderId: integer('order_id').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Raised by every change from the back office (migration 0150); the image address carries it. */
    version: integer('version').notNull().default(1),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** An uploaded image shown instead of the generated artwork (migration 0153); null: the artwork. */
    imageUrl: text('image_url'),
  },
  (table) => [
    index('banners_visibility_page_idx')
      .on(table.visibility, table.pageName, table.orderId, table.id)
      .where(sql`${table.isActive}`),
  ],
);
