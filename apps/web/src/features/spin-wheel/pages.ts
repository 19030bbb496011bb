/** The spin wheel feature's pages, each loaded when its route opens. */
export const spinWheelPage = () => import('./spin-wheel-page');
