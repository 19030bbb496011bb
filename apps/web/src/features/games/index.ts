/** The games feature's public entry: the game lists' reads, the lobby's rows, the sidebar's search and links. */
export { subCategoriesQuery } from './api/game-lists';
export { liveWinnersQuery } from './api/live-winners';
export { GamePageFirstScreen } from './game-page-frame';
export { GameRow, GameRowSkeleton } from './game-row';
export { GameSearch, GamesSidebarLinks } from './games-sidebar';
