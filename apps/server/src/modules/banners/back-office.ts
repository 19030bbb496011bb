import { asc, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { banners } from '../../db/schema/index.js';
import type { BannerRow } from './repository.js';

/**
 * What the back office reads and changes of the banners. The caller holds the transaction, so a
 * change, its kept version and its audit record commit together.
 */
export type { BannerRow };

/** What an operator sets on a banner. */
export type BannerFields = Pick<
  BannerRow,
  'imageUrl' | 'pageName' | 'visibility' | 'title' | 'subtitle' | 'redirectUrl' | 'theme' | 'orderId' | 'isActive'
>;

export const listAllBanners = (db: Database): Promise<BannerRow[]> =>
  db.select().from(banners).orderBy(asc(banners.pageName), asc(banners.orderId), asc(banners.id));

export async function bannerExists(executor: DbExecutor, bannerId: number): Promise<boolean> {
  const rows = await executor.select({ id: banners.id }).from(banners).where(eq(banners.id, bannerId));
  return rows.length > 0;
}

export async function slugTaken(executor: DbExecutor, slug: string): Promise<boolean> {
  const rows = await executor.select({ id: banners.id }).from(banners).where(eq(banners.slug, slug));
  return rows.length > 0;
}

/** The banner, its row locked until the caller's transaction ends. */
export async function lockBanner(tx: DbExecutor, bannerId: number): Promise<BannerRow | undefined> {
  const [row] = await tx.select().from(banners).where(eq(banners.id, bannerId)).for('update');
  return row;
}

export async function insertBanner(tx: DbExecutor, slug: string, fields: BannerFields): Promise<BannerRow> {
  const [row] = await tx
    .insert(banners)
    .values({ slug, ...fields })
    .returning();
  return row!;
}

/** Saves the fields at the given version (its artwork address carries it). */
export async function updateBanner(tx: DbExecutor, bannerId: number, fields: BannerFields, version: number): Promise<BannerRow> {
  const [row] = await tx
    .update(banners)
    .set({ ...fields, version, updatedAt: sql`now()` })
    .where(eq(banners.id, bannerId))
    .returning();
  return row!;
}
