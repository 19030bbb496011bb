import type { ReactNode } from 'react';
import { cmsSlugs } from '@casino/contracts/cms-slugs';
import { SidebarLogOut, SidebarProfileShortcut } from '../../features/auth';
import { CmsLinks } from '../../features/cms';
import { GameSearch, GamesSidebarLinks } from '../../features/games';
import { SpinAndWinLink } from '../../features/spin-wheel';
import { VipSidebarProgress } from '../../features/vip';
import { paths } from '../paths';
import { SidebarNavLink } from './sidebar';

/** The sidebar's line icons: one size and stroke, drawn in the text's colour. */
function MenuIcon({ children }: { children: ReactNode }) {
  return (
    <svg viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
      {children}
    </svg>
  );
}

const LobbyIcon = (
  <MenuIcon>
    <path d="M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </MenuIcon>
);

const InfoIcon = (
  <MenuIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v6M12 7.5v.5" />
  </MenuIcon>
);

const GiftIcon = (
  <MenuIcon>
    <path d="M4 11h16v9H4zM3 7h18v4H3zM12 7v13M12 7c-2-4-6-3-5 0M12 7c2-4 6-3 5 0" />
  </MenuIcon>
);

const StarIcon = (
  <MenuIcon>
    <path d="M12 3l2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
  </MenuIcon>
);

const ChatIcon = (
  <MenuIcon>
    <path d="M4 5h16v11H9l-5 4z" />
  </MenuIcon>
);

const CoinsIcon = (
  <MenuIcon>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 8v8M8 12h8" strokeLinecap="round" />
  </MenuIcon>
);

const RedeemIcon = (
  <MenuIcon>
    <rect x="3" y="6" width="18" height="12" rx="2" />
    <circle cx="12" cy="12" r="2.5" />
    <path d="M6 9v6M18 9v6" />
  </MenuIcon>
);

/**
 * The signed-in sidebar's entries in the seed's order (seed 000 section 2 'Layout'): keyword
 * search, profile shortcut, SPIN AND WIN, VIP progress, Get Coins (to the store), Redeem (to
 * /redeem), the lobby and game lists, the CMS category-2 pages, Live Chat, Log Out.
 */
export function MainMenu({ onNavigate }: { onNavigate: () => void }) {
  return (
    <>
      <GameSearch onNavigate={onNavigate} />
      <SidebarProfileShortcut onNavigate={onNavigate} />
      <SpinAndWinLink onNavigate={onNavigate} />
      <VipSidebarProgress onNavigate={onNavigate} />
      <nav aria-label="Coins" className="flex flex-col gap-1">
        <SidebarNavLink to={paths.store} label="Get Coins" icon={CoinsIcon} onNavigate={onNavigate} />
        <SidebarNavLink to={paths.redeem} label="Redeem" icon={RedeemIcon} onNavigate={onNavigate} />
      </nav>
      <nav aria-label="Games" className="flex flex-col gap-1 border-t border-night-700/80 pt-3">
        <SidebarNavLink to={paths.lobby} label="Lobby" icon={LobbyIcon} onNavigate={onNavigate} />
        <GamesSidebarLinks NavLink={SidebarNavLink} onNavigate={onNavigate} />
      </nav>
      <nav aria-label="Information" className="flex flex-col gap-1 border-t border-night-700/80 pt-3">
        <CmsLinks
          category={2}
          render={(page) => <SidebarNavLink key={page.to} to={page.to} label={page.title} icon={InfoIcon} onNavigate={onNavigate} />}
        />
        <SidebarNavLink to={paths.promotions} label="Promotions" icon={StarIcon} onNavigate={onNavigate} />
        <SidebarNavLink to={paths.rewards} label="Rewards" icon={GiftIcon} onNavigate={onNavigate} />
        {/* Live Chat: the support page with the contact details (a chat vendor is not integrated). */}
        <SidebarNavLink to={`/${cmsSlugs.contactUs}`} label="Live Chat" icon={ChatIcon} onNavigate={onNavigate} />
      </nav>
      <SidebarLogOut onNavigate={onNavigate} />
    </>
  );
}
