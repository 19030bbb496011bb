import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { accountDetailsRoute } from '../features/account';
import { accountDetailsPage } from '../features/account/pages';
import { adminEntry } from '../features/admin/pages';
import { openSignUpDialog } from '../features/auth';
import { forgotPasswordPage, verifyEmailPage } from '../features/auth/pages';
import { cmsPage } from '../features/cms/pages';
import { categoryPage, favouritePage, gamePlayPage, recentlyPlayedPage } from '../features/games/pages';
import { prefetchLobby } from '../features/lobby';
import { lobbyPage } from '../features/lobby/pages';
import { mailInEntryPage } from '../features/mail-in/pages';
import { promotionsPage, rewardsPage } from '../features/promotions/pages';
import { provablyFairPage } from '../features/provably-fair/pages';
import { redeemPage } from '../features/redeem/pages';
import { referAFriendPage } from '../features/referral/pages';
import { spinWheelPage } from '../features/spin-wheel/pages';
import { comingSoonPage, notAvailablePage, notFoundPage, serverErrorPage } from '../features/status-pages/pages';
import { depositStatusPage, storePage } from '../features/store/pages';
import { vipNewPage, vipPage } from '../features/vip/pages';
import { requireSignedIn, visitorsOnly } from './guards';
import { AppLayout } from './layout/app-layout';
import { paths } from './paths';
import { queryClient } from './providers';
import { RouteError } from './route-error';

/**
 * The route table of seed 000 section 2, for the features that exist. Every page is loaded
 * lazily (through its feature's pages.ts) so the first page downloads only what it shows.
 */
export const routes: RouteObject[] = [
  // The operator back office: its own shell and sign-in, loaded only when opened.
  { path: '/admin/*', lazy: adminEntry },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      // The lobby's loader starts its reads beside the page's download (features/lobby/lobby-data.ts).
      { index: true, loader: () => prefetchLobby(queryClient), lazy: lobbyPage },
      { path: paths.lobby, loader: () => prefetchLobby(queryClient), lazy: lobbyPage },
      // /register: the lobby with the sign-up dialog open (seed 000 section 2), for visitors only.
      {
        path: paths.register,
        loader: () => visitorsOnly() ?? openSignUpDialog() ?? prefetchLobby(queryClient),
        lazy: lobbyPage,
      },
      { path: paths.verifyEmail, lazy: verifyEmailPage },
      { path: paths.forgotPassword, lazy: forgotPasswordPage },
      { path: '/games/category/:subCategoryName', lazy: categoryPage },
      { path: paths.favourite, loader: requireSignedIn, lazy: favouritePage },
      { path: paths.recentlyPlayed, loader: requireSignedIn, lazy: recentlyPlayedPage },
      { path: '/game-play/:gameId', loader: requireSignedIn, lazy: gamePlayPage },
      { path: paths.store, loader: requireSignedIn, lazy: storePage },
      { path: accountDetailsRoute, loader: requireSignedIn, lazy: accountDetailsPage },
      { path: paths.redeem, loader: requireSignedIn, lazy: redeemPage },
      // Seed 000's /responsible-gambling is seed 001's Responsible Play: the profile page's tab, for players only.
      {
        path: paths.responsibleGambling,
        loader: () => requireSignedIn() ?? redirect(paths.accountDetails('responsible-play')),
      },
      { path: paths.promotions, lazy: promotionsPage },
      { path: paths.provablyFair, lazy: provablyFairPage },
      { path: paths.rewards, loader: requireSignedIn, lazy: rewardsPage },
      { path: paths.mailInEntry, lazy: mailInEntryPage },
      { path: paths.vip, loader: requireSignedIn, lazy: vipPage },
      { path: paths.vipNew, loader: requireSignedIn, lazy: vipNewPage },
      { path: paths.spinWheel, loader: requireSignedIn, lazy: spinWheelPage },
      { path: paths.referAFriend, loader: requireSignedIn, lazy: referAFriendPage },
      { path: '/user/store/deposit-status/:status', loader: requireSignedIn, lazy: depositStatusPage },
      { path: paths.notAvailable, lazy: notAvailablePage },
      { path: paths.comingSoon, lazy: comingSoonPage },
      { path: paths.notFound, lazy: notFoundPage },
      { path: paths.serverError, lazy: serverErrorPage },
      // The CMS catch-all (/terms-and-conditions, /privacy-policy, ...): static routes rank above it;
      // a slug without a page goes on to the not-found route like the wildcard.
      { path: ':cmsPage', lazy: cmsPage },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
