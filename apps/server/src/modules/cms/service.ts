import type { CmsPage, CmsPageSummary } from '@casino/contracts/cms';
import type { Database } from '../../db/client.js';
import type { LocalizedText } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { createCmsRepository } from './repository.js';

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
  const repository = createCmsRepository(db);
  return {
    async list() {
      const rows = await repository.activePageSummaries();
      return rows.map((row) => ({ slug: row.slug, title: localized(row.title), category: row.category }));
    },
    async page(slug) {
      const row = await repository.findActivePage(slug);
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
