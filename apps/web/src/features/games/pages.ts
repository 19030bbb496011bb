/** The games feature's pages, each loaded when its route opens. */
export const categoryPage = () => import('./category-page');
export const favouritePage = () => import('./favourite-page');
export const recentlyPlayedPage = () => import('./recently-played-page');
export const gamePlayPage = () => import('./game-play-page');
