import type { RevealedPairsPage, RotateSeedsResult, SeedPair } from '@casino/contracts/provably-fair';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** The player's seed calls (docs/decisions/070): the current pair, rotating it, the revealed pairs. */
export const seedKeys = {
  all: ['provably-fair'] as const,
  current: ['provably-fair', 'seeds'] as const,
  pairs: (page: number) => ['provably-fair', 'pairs', page] as const,
};

export const currentSeedsQuery = queryOptions({
  queryKey: seedKeys.current,
  queryFn: ({ signal }) => http.get<SeedPair>('provably-fair/seeds', undefined, signal),
});

export function revealedPairsQuery(page: number) {
  return queryOptions({
    queryKey: seedKeys.pairs(page),
    queryFn: ({ signal }) => http.get<RevealedPairsPage>('provably-fair/pairs', { page, limit: 5 }, signal),
  });
}

/** Rotates the pair: with a new client seed (PUT client-seed) or keeping the current one (POST rotate). */
export function useRotateSeeds() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (clientSeed?: string) =>
      clientSeed === undefined
        ? http.post<RotateSeedsResult>('provably-fair/rotate', {})
        : http.put<RotateSeedsResult>('provably-fair/client-seed', { clientSeed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: seedKeys.all }),
  });
}
