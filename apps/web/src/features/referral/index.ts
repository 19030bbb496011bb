/** The referral feature's public entry: the lobby's refer-a-friend banner. */
export { ReferAFriendBanner } from './refer-a-friend-banner';
