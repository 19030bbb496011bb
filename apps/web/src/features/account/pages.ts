/** The account feature's pages, each loaded when its route opens. */
export const accountDetailsPage = () => import('./account-details-page');
