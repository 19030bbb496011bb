import type { Game } from '@casino/contracts/games';
import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { toast } from 'sonner';
import { errorMessage, http, isSessionHandled } from '../../../lib/http';
import { gameKeys } from './keys';

/**
 * POST /casino-games/favorite (request: the new state). After success the flag flips in every
 * cached list and the favourites list is read again (seed 000 section 4 'Favourites'); the toast
 * is the server's 'Added to Favorites' / 'Removed from Favorites'.
 */
function flip(data: unknown, gameId: number, isFavorite: boolean): unknown {
  const mark = (game: Game) => (game.masterCasinoGameId === gameId ? { ...game, FavoriteGames: isFavorite } : game);
  if (!data || typeof data !== 'object') return data;
  if ('pages' in data) {
    const infinite = data as InfiniteData<{ rows: Game[]; count: number }>;
    return { ...infinite, pages: infinite.pages.map((page) => ({ ...page, rows: page.rows.map(mark) })) };
  }
  if ('rows' in data && Array.isArray((data as { rows: unknown[] }).rows)) {
    const list = data as { rows: (Game | { subCategoryGames: Game[] })[] };
    return {
      ...list,
      rows: list.rows.map((row) => ('subCategoryGames' in row ? { ...row, subCategoryGames: row.subCategoryGames.map(mark) } : mark(row))),
    };
  }
  return data;
}

export function useFavoriteToggle(onChange?: (isFavorite: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { gameId: number; favorite: boolean }) =>
      http.post<{ gameId: number; isFavorite: boolean }>('casino-games/favorite', { request: input.favorite, gameId: input.gameId }),
    onSuccess: (response) => {
      const { gameId, isFavorite } = response.data;
      if (response.message) toast.success(response.message);
      queryClient.setQueriesData({ queryKey: gameKeys.all }, (data: unknown) => flip(data, gameId, isFavorite));
      void queryClient.invalidateQueries({ queryKey: gameKeys.playerList('favorite') });
      onChange?.(isFavorite);
    },
    onError: (error) => {
      if (!isSessionHandled(error)) toast.error(errorMessage(error));
    },
  });
}
