/** The provably fair feature's page, loaded when its route opens. */
export const provablyFairPage = () => import('./provably-fair-page');
