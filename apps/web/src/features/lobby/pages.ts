/** The lobby feature's pages, each loaded when its route opens. */
export const lobbyPage = () => import('./lobby-page');
