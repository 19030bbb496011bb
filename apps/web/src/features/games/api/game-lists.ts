import { GAMES_PAGE_SIZE } from '@casino/contracts/constants';
import type { GamesPage, Provider, SubCategoryList } from '@casino/contracts/games';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { gameKeys, type GameListFilters } from './keys';

/**
 * The catalogue calls (seed 000 section 7): GET /casino-games (16 a page), /sub-category,
 * /get-providers, /favorite and /recently-played, as TanStack queries. Lists page on with
 * infinite queries: each page is the next 16 games until `count` is reached.
 */
function nextPage(last: GamesPage, pages: GamesPage[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.rows.length, 0);
  return loaded < last.count && last.rows.length > 0 ? pages.length + 1 : undefined;
}

export function gamesQuery(filters: GameListFilters) {
  return infiniteQueryOptions({
    queryKey: gameKeys.list(filters),
    queryFn: ({ pageParam, signal }) =>
      http.get<GamesPage>('casino-games', { ...filters, page: pageParam, limit: GAMES_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
}

export function subCategoriesQuery(filters: { search?: string | undefined; providerId?: number | undefined } = {}) {
  return queryOptions({
    queryKey: gameKeys.subCategories(filters),
    queryFn: ({ signal }) => http.get<SubCategoryList>('casino-games/sub-category', filters, signal),
    staleTime: 5 * 60_000,
  });
}

export function providersQuery() {
  return queryOptions({
    queryKey: gameKeys.providers,
    queryFn: async ({ signal }) => (await http.get<{ providers: Provider[] }>('casino-games/get-providers', {}, signal)).providers,
    staleTime: 10 * 60_000,
  });
}

export type PlayerGameList = 'favorite' | 'recently-played';

/** GET /casino-games/favorite or /recently-played: the player's own lists, 16 a page. */
export function playerGamesQuery(list: PlayerGameList) {
  return infiniteQueryOptions({
    queryKey: gameKeys.playerList(list),
    queryFn: ({ pageParam, signal }) => http.get<GamesPage>(`casino-games/${list}`, { page: pageParam, limit: GAMES_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // Rounds played and hearts toggled elsewhere change these lists: read them fresh on each visit.
    staleTime: 0,
  });
}
