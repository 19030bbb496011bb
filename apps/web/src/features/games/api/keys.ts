/**
 * Query keys of the games feature. Everything under ['games'] carries per-player favourite flags,
 * so a favourite toggle updates all of it at once.
 */
export interface GameListFilters {
  subCategoryName?: string | undefined;
  search?: string | undefined;
  providerId?: number | undefined;
}

export const gameKeys = {
  all: ['games'] as const,
  list: (filters: GameListFilters) => ['games', 'list', filters] as const,
  subCategories: (filters: { search?: string | undefined; providerId?: number | undefined } = {}) =>
    ['games', 'sub-categories', filters] as const,
  playerList: (list: 'favorite' | 'recently-played') => ['games', list] as readonly string[],
  providers: ['game-providers'] as const,
  liveWinners: ['live-winners'] as const,
  launch: (gameId: number, coin: string) => ['game-launch', gameId, coin] as const,
};
