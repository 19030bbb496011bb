import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cmsPages } from '../../db/schema/index.js';

/** The CMS pages' queries (docs/ARCHITECTURE.md 'Data layer'). */
export function createCmsRepository(db: Database) {
  return {
    activePageSummaries: () =>
      db
        .select({ slug: cmsPages.slug, title: cmsPages.title, category: cmsPages.category })
        .from(cmsPages)
        .where(eq(cmsPages.isActive, true))
        .orderBy(asc(cmsPages.category), asc(cmsPages.slug)),

    async findActivePage(slug: string) {
      const [row] = await db
        .select()
        .from(cmsPages)
        .where(and(eq(cmsPages.slug, slug), eq(cmsPages.isActive, true)));
      return row;
    },
  };
}
