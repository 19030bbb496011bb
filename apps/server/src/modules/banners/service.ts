import type { Banner, BannerPageName } from '@casino/contracts/banners';
import type { Database } from '../../db/client.js';
import { AppError } from '../../http/errors.js';
import { svgAsWebp } from '../../lib/raster.js';
import { renderBannerArt } from './art.js';
import { createBannerRepository } from './repository.js';

/**
 * Banners (seed 000 sections 3 and 6): visitors see visibility 0, signed-in players visibility 1;
 * the client takes its page's banners by pageName.
 */
export interface BannerService {
  list(input: { signedIn: boolean; pageName?: BannerPageName | undefined }): Promise<Banner[]>;
  /**
   * A banner's generated artwork by its file name: the drawing (`<slug>.svg`) or its pixels
   * (`<slug>.webp`, which the site shows); NotFound (3001) for any other.
   */
  artwork(file: string): Promise<BannerArtwork>;
}

export interface BannerArtwork {
  contentType: 'image/svg+xml; charset=utf-8' | 'image/webp';
  bytes: string | Buffer;
}

/** The width of a banner's pixels: 1.25 times the 480x320 drawing, near a phone's full width at 1.75x. */
export const BANNER_ART_WIDTH = 600;

/**
 * A banner's artwork address: its pixels, decoded off the page's main thread (docs/decisions/067).
 * The artwork is cached for a day, so a banner changed in the back office carries its new version
 * in the address (`?v=`) and browsers fetch the new artwork at once.
 */
export function bannerImageUrl(slug: string, version?: number): string {
  const path = `/api/v1/details/banners/${slug}.webp`;
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
      const [, slug, extension] = /^([a-z0-9-]+)\.(svg|webp)$/.exec(file) ?? [];
      const banner = slug ? await repository.findBySlug(slug) : undefined;
      if (!banner) throw new AppError('NotFound', 'No such banner.');
      const svg = renderBannerArt(banner);
      if (extension === 'svg') return { contentType: 'image/svg+xml; charset=utf-8', bytes: svg };
      return { contentType: 'image/webp', bytes: (await svgAsWebp(svg, BANNER_ART_WIDTH)).bytes };
    },
  };
}
