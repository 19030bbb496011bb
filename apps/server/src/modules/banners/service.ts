import type { Banner, BannerPageName } from '@casino/contracts/banners';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { renderBannerArt } from './art.js';
import { createBannerRepository } from './repository.js';

/**
 * Banners (seed 000 sections 3 and 6): visitors see visibility 0, signed-in players visibility 1;
 * the client takes its page's banners by pageName.
 */
export interface BannerService {
  list(input: { signedIn: boolean; pageName?: BannerPageName | undefined }): Promise<Banner[]>;
  /** A banner's generated SVG by its file name (`<slug>.svg`); NotFound (3001) for any other. */
  artwork(file: string): Promise<string>;
}

/**
 * A banner's artwork address. The artwork is cached for a day, so a banner changed in the back
 * office carries its new version in the address (`?v=`) and browsers fetch the new artwork at once.
 */
export function bannerImageUrl(slug: string, version?: number): string {
  const path = `/api/v1/details/banners/${slug}.svg`;
  return version === undefined || version === 1 ? path : `${path}?v=${version}`;
}

export function createBannerService(db: Database): BannerService {
  const repository = createBannerRepository(db);
  return {
    async list({ signedIn, pageName }) {
      const rows = await repository.activeBanners({ visibility: signedIn ? 1 : 0, pageName });
      return rows.map((row) => ({
        bannerId: row.id,
        pageName: row.pageName as BannerPageName,
        visibility: row.visibility === 1 ? 1 : 0,
        title: row.title,
        subtitle: row.subtitle,
        redirectUrl: row.redirectUrl,
        desktopImageUrl: row.imageUrl ?? bannerImageUrl(row.slug, row.version),
        mobileImageUrl: row.imageUrl ?? bannerImageUrl(row.slug, row.version),
        orderId: row.orderId,
      }));
    },
    async artwork(file) {
      const slug = /^([a-z0-9-]+)\.svg$/.exec(file)?.[1];
      const banner = slug ? await repository.findBySlug(slug) : undefined;
      if (!banner) throw new AppError('NotFound', 'No such banner.');
      return renderBannerArt(banner);
    },
  };
}
