/** The referral feature's pages, each loaded when its route opens. */
export const referAFriendPage = () => import('./refer-a-friend-page');
