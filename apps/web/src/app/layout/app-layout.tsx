import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toaster';
import { AccountMenu, SidebarLogOut } from '../../features/auth/account-menu';
import { cmsSlugs } from '@casino/contracts/cms-slugs';
import { CmsLinks } from '../../features/cms/cms-links';
import { AuthDialogs } from '../../features/auth/auth-dialogs';
import { useAuthStore } from '../../features/auth/auth-store';
import { useSignedInAcrossTabs } from '../../features/auth/signed-in-tabs';
import { GameSearch, GamesSidebarLinks } from '../../features/games/games-sidebar';
import { SpinAndWinLink } from '../../features/spin-wheel/spin-and-win-link';
import { VipSidebarProgress } from '../../features/vip/vip-sidebar-progress';
import { StartupQueue } from '../../features/startup/startup-queue';
import { WalletConnection } from '../../features/wallet/wallet-connection';
import { WalletHeaderActions } from '../../features/wallet/wallet-header-actions';
import { ModalPortal } from '../modal-portal';
import { useSessionEndedNotice } from '../session-handlers';
import { paths } from '../paths';
import { Footer } from './footer';
import { Header } from './header';
import { Sidebar, SidebarNavLink } from './sidebar';
import { layoutFor } from './visibility';

const LobbyIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </svg>
);

const InfoIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </svg>
);

const GiftIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0" />
  </svg>
);

const StarIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
  </svg>
);

const ChatIcon = (
  <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
    <path d="M4 5h16v11H9l-5 4z" />
  </svg>
);

export function AppLayout() {
  const { pathname } = useLocation();
  const signedIn = useAuthStore((state) => state.isAuthenticated);
  const [menuOpen, setMenuOpen] = useState(false);
  const visible = layoutFor(pathname, signedIn);
  const closeMenu = () => setMenuOpen(false);
  useSessionEndedNotice();
  useSignedInAcrossTabs();

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[200] focus:rounded-lg focus:bg-gold-500 focus:px-3 focus:py-2 focus:text-night-950"
      >
        Skip to content
      </a>
      {visible.header ? (
        <Header
          onMenu={visible.sidebar ? () => setMenuOpen(true) : undefined}
          signedInActions={
            <>
              <WalletHeaderActions />
              <AccountMenu />
            </>
          }
        />
      ) : null}
      <div className="mx-auto flex w-full max-w-[1600px] flex-1">
        {visible.sidebar ? (
          <Sidebar open={menuOpen} onClose={closeMenu}>
            <GameSearch onNavigate={closeMenu} />
            <SpinAndWinLink onNavigate={closeMenu} />
            <VipSidebarProgress onNavigate={closeMenu} />
            <nav aria-label="Games" className="flex flex-col gap-1">
              <SidebarNavLink to={paths.lobby} label="Lobby" icon={LobbyIcon} onNavigate={closeMenu} />
              <GamesSidebarLinks NavLink={SidebarNavLink} onNavigate={closeMenu} />
            </nav>
            <nav aria-label="Information" className="flex flex-col gap-1 border-t border-night-700/80 pt-3">
              <CmsLinks
                category={2}
                render={(page) => <SidebarNavLink key={page.to} to={page.to} label={page.title} icon={InfoIcon} onNavigate={closeMenu} />}
              />
              <SidebarNavLink to={paths.promotions} label="Promotions" icon={StarIcon} onNavigate={closeMenu} />
              <SidebarNavLink to={paths.rewards} label="Rewards" icon={GiftIcon} onNavigate={closeMenu} />
              {/* Live Chat: the support page with the contact details (a chat vendor is not integrated). */}
              <SidebarNavLink to={`/${cmsSlugs.contactUs}`} label="Live Chat" icon={ChatIcon} onNavigate={closeMenu} />
            </nav>
            <SidebarLogOut onNavigate={closeMenu} />
          </Sidebar>
        ) : null}
        <main id="main" className="min-w-0 flex-1">
          <Outlet />
        </main>
      </div>
      {visible.footer ? <Footer /> : null}
      <ModalPortal />
      <AuthDialogs />
      <WalletConnection />
      <StartupQueue />
      <Toaster />
      <ScrollRestoration />
    </div>
  );
}
