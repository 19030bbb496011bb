/** The promotions feature's pages, each loaded when its route opens. */
export const promotionsPage = () => import('./promotions-page');
export const rewardsPage = () => import('./rewards-page');
