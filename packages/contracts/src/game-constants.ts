/**
 * Names and texts of the games lobby (seed 000 sections 2, 4 and 8), kept free of zod so that
 * the web app's pages can import them without the schema library.
 */

/** The category page's title when no sub-category is chosen (seed 000 section 2). */
export const ALL_GAMES = 'All Games';

export const gameTexts = {
  addedToFavorites: 'Added to Favorites',
  removedFromFavorites: 'Removed from Favorites',
  noResults: 'No Results Found',
  noGames: 'No Games Found',
  searchPlaceholder: 'Search...',
  goToLobby: 'Go to Lobby',
  favourite: 'Favourite',
  gameLaunched: 'Game launched',
  demoNotAvailable: 'Demo play is not available: every game is played with Gold Coins or Sweeps Coins.',
} as const;

export const gameKinds = ['slot', 'scratch'] as const;

/** Socket.io namespace of the live winners channel (docs/ARCHITECTURE.md 'Realtime'). */
export const LIVE_WINNERS_NAMESPACE = '/live-winners';
export const LIVE_GAME_WINNERS = 'LIVE_GAME_WINNERS';
