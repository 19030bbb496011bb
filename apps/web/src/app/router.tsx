import { createBrowserRouter, Navigate, redirect, type RouteObject } from 'react-router';
import { accountDetailsRoute } from '../features/account/account-paths';
import { openSignUpDialog } from '../features/auth/auth-dialog-store';
import { prefetchLobby } from '../features/lobby/lobby-data';
import { requireSignedIn, visitorsOnly } from './guards';
import { AppLayout } from './layout/app-layout';
import { paths } from './paths';
import { queryClient } from './providers';
import { RouteError } from './route-error';

/**
 * The route table of seed 000 section 2, for the features that exist. Every page is loaded
 * lazily so the first page downloads only what it shows.
 */
export const routes: RouteObject[] = [
  // The operator back office: its own shell and sign-in, loaded only when opened.
  { path: '/admin/*', lazy: () => import('../features/admin/admin-entry') },
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      // The lobby's loader starts its reads beside the page's download (features/lobby/lobby-data.ts).
      { index: true, loader: () => prefetchLobby(queryClient), lazy: () => import('../features/lobby/lobby-page') },
      { path: paths.lobby, loader: () => prefetchLobby(queryClient), lazy: () => import('../features/lobby/lobby-page') },
      // /register: the lobby with the sign-up dialog open (seed 000 section 2), for visitors only.
      {
        path: paths.register,
        loader: () => visitorsOnly() ?? openSignUpDialog() ?? prefetchLobby(queryClient),
        lazy: () => import('../features/lobby/lobby-page'),
      },
      { path: paths.verifyEmail, lazy: () => import('../features/auth/verify-email-page') },
      { path: paths.forgotPassword, lazy: () => import('../features/auth/forgot-password-page') },
      { path: '/games/category/:subCategoryName', lazy: () => import('../features/games/category-page') },
      { path: paths.favourite, loader: requireSignedIn, lazy: () => import('../features/games/favourite-page') },
      { path: paths.recentlyPlayed, loader: requireSignedIn, lazy: () => import('../features/games/recently-played-page') },
      { path: '/game-play/:gameId', loader: requireSignedIn, lazy: () => import('../features/games/game-play-page') },
      { path: paths.store, loader: requireSignedIn, lazy: () => import('../features/store/store-page') },
      { path: accountDetailsRoute, loader: requireSignedIn, lazy: () => import('../features/account/account-details-page') },
      { path: paths.redeem, loader: requireSignedIn, lazy: () => import('../features/redeem/redeem-page') },
      // Seed 000's /responsible-gambling is seed 001's Responsible Play: the profile page's tab, for players only.
      {
        path: paths.responsibleGambling,
        loader: () => requireSignedIn() ?? redirect(paths.accountDetails('responsible-play')),
      },
      { path: paths.promotions, lazy: () => import('../features/promotions/promotions-page') },
      { path: paths.rewards, loader: requireSignedIn, lazy: () => import('../features/promotions/rewards-page') },
      { path: paths.vip, loader: requireSignedIn, lazy: () => import('../features/vip/vip-page') },
      { path: paths.vipNew, loader: requireSignedIn, lazy: () => import('../features/vip/vip-new-page') },
      { path: paths.spinWheel, loader: requireSignedIn, lazy: () => import('../features/spin-wheel/spin-wheel-page') },
      { path: paths.referAFriend, loader: requireSignedIn, lazy: () => import('../features/referral/refer-a-friend-page') },
      { path: '/user/store/deposit-status/:status', loader: requireSignedIn, lazy: () => import('../features/store/deposit-status-page') },
      { path: paths.notAvailable, lazy: () => import('../features/status-pages/not-available-page') },
      { path: paths.comingSoon, lazy: () => import('../features/status-pages/coming-soon-page') },
      { path: paths.notFound, lazy: () => import('../features/status-pages/not-found-page') },
      { path: paths.serverError, lazy: () => import('../features/status-pages/server-error-page') },
      // The CMS catch-all (/terms-and-conditions, /privacy-policy, ...): static routes rank above it;
      // a slug without a page goes on to the not-found route like the wildcard.
      { path: ':cmsPage', lazy: () => import('../features/cms/cms-page') },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
