import type { LiveWinners } from '@casino/contracts/games';
import { queryOptions } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { gameKeys } from './keys';

/** GET /casino-games/live-winners: the latest 10 wins; the live-winners socket keeps it current. */
export function liveWinnersQuery() {
  return queryOptions({
    queryKey: gameKeys.liveWinners,
    queryFn: ({ signal }) => http.get<LiveWinners>('casino-games/live-winners', {}, signal),
    staleTime: 30_000,
  });
}
