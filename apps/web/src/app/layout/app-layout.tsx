import { useState } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { Toaster } from '../../components/ui/toaster';
import { AccountMenu, AuthDialogs, useAuthStore, useSignedInAcrossTabs } from '../../features/auth';
import { StartupQueue } from '../../features/startup';
import { WalletConnection, WalletHeaderActions } from '../../features/wallet';
import { ModalPortal } from '../modal-portal';
import { useSessionEndedNotice } from '../session-handlers';
import { Footer } from './footer';
import { Header } from './header';
import { MainMenu } from './main-menu';
import { Sidebar } from './sidebar';
import { layoutFor } from './visibility';

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
            <MainMenu onNavigate={closeMenu} />
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
