import { accountDetailsPath } from '../features/account';
import { MAIL_IN_ENTRY_PATH } from '../features/mail-in';

/** Typed path builders for every route of seed 000 section 2 that the app serves. */
export const paths = {
  home: '/',
  lobby: '/lobby',
  register: '/register',
  verifyEmail: '/user/verifyEmail',
  forgotPassword: '/user/forgotPassword',
  favourite: '/favourite',
  recentlyPlayed: '/recently-played',
  category: (subCategoryName: string) => `/games/category/${encodeURIComponent(subCategoryName)}`,
  gamePlay: (masterCasinoGameId: number) => `/game-play/${masterCasinoGameId}`,
  notAvailable: '/not-available',
  comingSoon: '/coming-soon',
  store: '/user/store',
  notFound: '/404',
  serverError: '/500',
  termsAndConditions: '/terms-and-conditions',
  privacyPolicy: '/privacy-policy',
  /** /user/account-details?tab=<id> (seed 001 section 2 'Profile page'). */
  accountDetails: accountDetailsPath,
  /** Responsible play (seed 000 section 2): the profile page's Responsible Play tab. */
  responsibleGambling: '/responsible-gambling',
  /** The redeem page (seed 001 section 2). */
  redeem: '/redeem',
  /** The player's referral link: where the lobbyPageReferAFriend banner leads. */
  referAFriend: '/refer-a-friend',
  /** The daily spin wheel. */
  spinWheel: '/spin-wheel',
  /** The VIP pages. */
  vip: '/vip',
  vipNew: '/vipNew',
  /** Promotions (public) and the player's rewards. */
  promotions: '/promotions-page',
  rewards: '/user/reward',
  /** Mail-in entry: free Sweeps Coins by post (the alternate method of entry). */
  mailInEntry: MAIL_IN_ENTRY_PATH,
  /** How rounds are drawn, and a verifier anyone can use (public). */
  provablyFair: '/provably-fair',
} as const;
