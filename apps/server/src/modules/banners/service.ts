import type { Banner, BannerPageName } from '@casino/contracts/banners';
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { banners } from '../../db/schema/index.js';

/**
 * Banners (seed 000 sections 3 and 6): visitors see visibility 0, signed-in players visibility 1;
 * the client takes its page's banners by pageName.
 */
export interface BannerService {
  list(input: { signedIn: boolean; pageName?: BannerPageName | undefined }): Promise<Banner[]>;
  bySlug(slug: string): Promise<typeof banners.$inferSelect | undefined>;
}

export function bannerImageUrl(slug: string): string {
  return `/api/v1/details/banners/${slug}.svg`;
}

export function createBannerService(db: Database): BannerService {
  return {
    async list({ signedIn, pageName }) {
      const rows = await db
        .select()
        .from(banners)
        .where(
          and(eq(banners.isActive, true), eq(banners.visibility, signedIn ? 1 : 0), pageName ? eq(banners.pageName, pageName) : undefined),
        )
        .orderBy(asc(banners.pageName), asc(banners.orderId), asc(banners.id));
      return rows.map((row) => ({
        bannerId: row.id,
        pageName: row.pageName as BannerPageName,
        visibility: row.visibility === 1 ? 1 : 0,
        title: row.title,
        subtitle: row.subtitle,
        redirectUrl: row.redirectUrl,
        desktopImageUrl: bannerImageUrl(row.slug),
        mobileImageUrl: bannerImageUrl(row.slug),
        orderId: row.orderId,
      }));
    },
    async bySlug(slug) {
      const [row] = await db.select().from(banners).where(eq(banners.slug, slug));
      return row;
    },
  };
}
