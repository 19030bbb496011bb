/** The redeem feature's pages and the account page's Redeem tab, each loaded when opened. */
export const redeemPage = () => import('./redeem-page');
export const redeemTab = () => import('./redeem-tab');
