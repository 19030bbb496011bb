import type { CoinType } from '@casino/contracts/constants';
import type { LaunchGameResult } from '@casino/contracts/games';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { beforeGameLaunch } from '../../geolocation';
import { gameKeys } from './keys';

/**
 * POST /casino-games/launch-game (seed 000 section 7). Each visit of the game-play screen, and each
 * change of coin, launches afresh: a launch token is short-lived and opens one game session.
 */
export function launchQuery(gameId: number, coin: CoinType) {
  return queryOptions({
    queryKey: gameKeys.launch(gameId, coin),
    queryFn: async () => {
      // The first launch of a session checks the location first (GAME_LAUNCHER_SWITCH).
      await beforeGameLaunch();
      return (
        await http.post<LaunchGameResult>('casino-games/launch-game', {
          coin,
          gameId,
          isDemo: false,
          isMobile: window.matchMedia('(pointer: coarse)').matches,
        })
      ).data;
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
