/** The store feature's pages, each loaded when its route opens. */
export const storePage = () => import('./store-page');
export const depositStatusPage = () => import('./deposit-status-page');
