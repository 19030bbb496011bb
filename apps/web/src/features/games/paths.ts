import { ALL_GAMES } from '@casino/contracts/game-constants';

/** The game routes of seed 000 section 2 (the same strings as app/paths, which features cannot import). */
export const gamePaths = {
  lobby: '/',
  favourite: '/favourite',
  recentlyPlayed: '/recently-played',
  allGames: () => `/games/category/${encodeURIComponent(ALL_GAMES)}`,
  category: (subCategoryName: string) => `/games/category/${encodeURIComponent(subCategoryName)}`,
  gamePlay: (masterCasinoGameId: number) => `/game-play/${masterCasinoGameId}`,
} as const;
