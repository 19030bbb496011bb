import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core';

/** Popups (migration 0120, decision 019). */
export const popups = pgTable(
  'popups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    popupName: text('popup_name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    visibility: smallint('visibility').notNull(),
    textOne: text('text_one').notNull().default(''),
    textTwo: text('text_two').notNull().default(''),
    textThree: text('text_three').notNull().default(''),
    btnText: text('btn_text').notNull().default(''),
    btnRedirection: text('btn_redirection'),
    desktopImageUrl: text('desktop_image_url').notNull(),
    mobileImageUrl: text('mobile_image_url').notNull(),
    isOneTime: boolean('is_one_time').notNull().default(false),
    orderId: integer('order_id').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('popups_active_idx')
      .on(table.popupName, table.orderId)
      .where(sql`${table.isActive}`),
  ],
);
