import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';

export interface SidebarLink {
  to: string;
  label: string;
  icon: ReactNode;
}

/**
 * The signed-in sidebar (seed 000 section 2 'Layout'). Features contribute their sections through
 * `children` (search, game lists, account shortcuts); entries appear once the feature behind them
 * exists, so there is never a dead link.
 */
export function Sidebar({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  return (
    <>
      <div
        aria-hidden="true"
        onClick={onClose}
        className={cn(
          'fixed inset-0 z-40 bg-night-950/70 backdrop-blur-sm transition-opacity lg:hidden',
          open ? 'opacity-100' : 'pointer-events-none opacity-0',
        )}
      />
      <aside
        aria-label="Main menu"
        className={cn(
          'fixed inset-y-0 left-0 z-50 flex w-72 flex-col gap-4 overflow-y-auto border-r border-night-700/80 bg-night-900 p-4 scrollbar-thin transition-transform lg:sticky lg:top-16 lg:z-10 lg:h-[calc(100dvh-4rem)] lg:translate-x-0',
          open ? 'translate-x-0' : '-translate-x-full',
        )}
      >
        {children}
      </aside>
    </>
  );
}

export function SidebarNavLink({ to, label, icon, onNavigate }: SidebarLink & { onNavigate?: () => void }) {
  return (
    <NavLink
      to={to}
      onClick={onNavigate}
      end
      className={({ isActive }) =>
        cn(
          'flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold transition',
          isActive ? 'bg-night-700 text-gold-300' : 'text-ink-muted hover:bg-night-800 hover:text-ink',
        )
      }
    >
      <span className="flex h-5 w-5 items-center justify-center" aria-hidden="true">
        {icon}
      </span>
      {label}
    </NavLink>
  );
}
