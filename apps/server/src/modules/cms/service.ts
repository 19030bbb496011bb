import type { CmsPage, CmsPageSummary } from '@casino/contracts/cms';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { cmsPages, type LocalizedText } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';

/** Stored text keyed by language; EN is always there (the seed reads title.EN and content.EN). */
function localized(text: LocalizedText): CmsPage['title'] {
  return { ...text, EN: text.EN ?? '' };
}

export interface CmsService {
  list(): Promise<CmsPageSummary[]>;
  /** Throws NotFound (404, 3001) for an unknown or inactive slug. */
  page(slug: string): Promise<CmsPage>;
}

export function createCmsService(db: Database): CmsService {
  return {
    async list() {
      const rows = await db
        .select({ slug: cmsPages.slug, title: cmsPages.title, category: cmsPages.category })
        .from(cmsPages)
        .where(eq(cmsPages.isActive, true))
        .orderBy(asc(cmsPages.category), asc(cmsPages.slug));
      return rows.map((row) => ({ slug: row.slug, title: localized(row.title), category: row.category }));
    },
    async page(slug) {
      const [row] = await db
        .select()
        .from(cmsPages)
        .where(and(eq(cmsPages.slug, slug), eq(cmsPages.isActive, true)));
      if (!row) throw new AppError('NotFound', 'This page does not exist.');
      return {
        slug: row.slug,
        title: localized(row.title),
        content: localized(row.content),
        category: row.category,
        updatedAt: row.updatedAt.toISOString(),
      };
    },
  };
}
