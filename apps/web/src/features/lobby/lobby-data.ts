import type { QueryClient } from '@tanstack/react-query';
import { useAuthStore } from '../auth';
import { liveWinnersQuery, subCategoriesQuery } from '../games';
import { bannersQuery } from '../banners';

/**
 * Starts the lobby's first reads (the game rows, the slider's banners, the live wins) while its
 * page code is still downloading: the router calls it as the lobby routes'
 * loader, which runs beside their lazy import. It waits for nothing; the page's queries pick up
 * the requests already in flight.
 */
export function prefetchLobby(queryClient: QueryClient): null {
  const signedIn = useAuthStore.getState().isAuthenticated;
  void queryClient.prefetchQuery(subCategoriesQuery());
  void queryClient.prefetchQuery(bannersQuery('lobbySlider', signedIn));
  void queryClient.prefetchQuery(liveWinnersQuery());
  return null;
}
