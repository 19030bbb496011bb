import { z } from 'zod';

/**
 * Banners (seed 000 section 3 'Banner': pageName, visibility 0 before login / 1 after login,
 * desktopImageUrl). GET /details/banners answers the banners the caller may see; the client picks
 * its page's banners by pageName.
 */
export const bannerPageNames = [
  'lobbySlider',
  'promotionPage',
  'scratchersPage',
  'storePage',
  'rewardPage',
  'lobbyPageReferAFriend',
  'lobbyPageScratchers',
] as const;
export type BannerPageName = (typeof bannerPageNames)[number];

export const bannersQuerySchema = z.object({
  pageName: z.enum(bannerPageNames).optional(),
});

export const bannerSchema = z.object({
  bannerId: z.number().int(),
  pageName: z.enum(bannerPageNames),
  visibility: z.union([z.literal(0), z.literal(1)]),
  title: z.string(),
  subtitle: z.string(),
  /** Where the banner leads inside the app (a path), or null when it only informs. */
  redirectUrl: z.string().nullable(),
  desktopImageUrl: z.string(),
  mobileImageUrl: z.string(),
  orderId: z.number().int(),
});
export type Banner = z.infer<typeof bannerSchema>;

export const bannerListSchema = z.object({ rows: z.array(bannerSchema), count: z.number().int() });
export type BannerList = z.infer<typeof bannerListSchema>;
