/** The VIP feature's pages, each loaded when its route opens. */
export const vipPage = () => import('./vip-page');
export const vipNewPage = () => import('./vip-new-page');
