import { asc, eq, sql } from 'drizzle-orm';
import type { Database, DbExecutor } from '../../db/client.js';
import { cmsPages, type LocalizedText } from '../../db/schema/index.js';

/**
 * What the back office reads and changes of the CMS pages. The caller holds the transaction, so a
 * change, its kept version and its audit record commit together; the HTML comes sanitised.
 */
export type CmsPageRow = typeof cmsPages.$inferSelect;

export const listAllPages = (db: Database): Promise<CmsPageRow[]> =>
  db.select().from(cmsPages).orderBy(asc(cmsPages.category), asc(cmsPages.slug));

export async function findPage(executor: DbExecutor, slug: string): Promise<CmsPageRow | undefined> {
  const [row] = await executor.select().from(cmsPages).where(eq(cmsPages.slug, slug));
  return row;
}

/** The page, its row locked until the caller's transaction ends. */
export async function lockPage(tx: DbExecutor, slug: string): Promise<CmsPageRow | undefined> {
  const [row] = await tx.select().from(cmsPages).where(eq(cmsPages.slug, slug)).for('update');
  return row;
}

/** A new page, or undefined when its address is taken. */
export async function insertPage(
  tx: DbExecutor,
  page: { slug: string; title: LocalizedText; content: LocalizedText; category: CmsPageRow['category']; isActive: boolean },
): Promise<CmsPageRow | undefined> {
  const [row] = await tx.insert(cmsPages).values(page).onConflictDoNothing({ target: cmsPages.slug }).returning();
  return row;
}

export async function updatePageText(
  tx: DbExecutor,
  slug: string,
  text: { title: LocalizedText; content: LocalizedText },
): Promise<CmsPageRow> {
  const [row] = await tx
    .update(cmsPages)
    .set({ ...text, updatedAt: sql`now()` })
    .where(eq(cmsPages.slug, slug))
    .returning();
  return row!;
}
