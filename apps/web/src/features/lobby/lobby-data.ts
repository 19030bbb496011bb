import type { SubCategory, SubCategoryList } from '@casino/contracts/games';
import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth/auth-store';
import { subCategoriesQuery } from '../games/api/game-lists';
import { liveWinnersQuery } from '../games/api/live-winners';
import { bannersQuery } from './api';

/** The first row's tiles a phone shows: their art is the lobby's largest paint, fetched first. */
export const FIRST_SCREEN_TILES = 2;

/** The lobby's rows: the featured sub-categories that have games (seed 000 section 2). */
export function featuredRows(list: SubCategoryList | undefined): SubCategory[] {
  return list?.rows.filter((row) => row.isFeatured && row.subCategoryGames.length > 0) ?? [];
}

/**
 * Starts the lobby's first reads (the game rows, the slider's banners, the live wins) while its
 * page code is still downloading (issue 17 point 4): the router calls it as the lobby routes'
 * loader, which runs beside their lazy import. It waits for nothing; the page's queries pick up
 * the requests already in flight. As soon as the rows are known, the first tiles' art starts
 * loading, before the page has rendered them (their <img> then finds it loaded or on its way).
 */
export function prefetchLobby(queryClient: QueryClient): null {
  const signedIn = useAuthStore.getState().isAuthenticated;
  void queryClient.prefetchQuery(subCategoriesQuery()).then(() => {
    const firstRow = featuredRows(queryClient.getQueryData(subCategoriesQuery().queryKey))[0];
    for (const game of firstRow?.subCategoryGames.slice(0, FIRST_SCREEN_TILES) ?? []) {
      const art = new Image();
      art.fetchPriority = 'high';
      art.src = game.imageUrl;
    }
  });
  void queryClient.prefetchQuery(bannersQuery('lobbySlider', signedIn));
  void queryClient.prefetchQuery(liveWinnersQuery());
  return null;
}
