import type { BannerList, BannerPageName } from '@casino/contracts/banners';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../lib/http';

/**
 * GET /details/banners: the server answers the banners of the caller's visibility (0 before
 * login, 1 after, seed 000 section 6), so the key carries whether the player is signed in.
 */
export function bannersQuery(pageName: BannerPageName, signedIn: boolean) {
  return queryOptions({
    queryKey: ['banners', pageName, signedIn],
    queryFn: async ({ signal }) => (await http.get<BannerList>('details/banners', { pageName }, signal)).rows,
    staleTime: 5 * 60_000,
  });
}
