import type { BannerPageName } from '@casino/contracts/banners';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { banners } from '../../db/schema/index.js';

/** The banners' queries (docs/ARCHITECTURE.md 'Data layer'); the service decides who sees which. */
export type BannerRow = typeof banners.$inferSelect;

export function createBannerRepository(db: Database) {
  return {
    /** Active banners of one visibility, optionally of one page, in page and carousel order. */
    activeBanners: (filter: { visibility: 0 | 1; pageName?: BannerPageName | undefined }): Promise<BannerRow[]> =>
      db
        .select()
        .from(banners)
        .where(
          and(
            eq(banners.isActive, true),
            eq(banners.visibility, filter.visibility),
            filter.pageName ? eq(banners.pageName, filter.pageName) : undefined,
          ),
        )
        .orderBy(asc(banners.pageName), asc(banners.orderId), asc(banners.id)),

    async findBySlug(slug: string): Promise<BannerRow | undefined> {
      const [row] = await db.select().from(banners).where(eq(banners.slug, slug));
      return row;
    },
  };
}
