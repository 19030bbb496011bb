import { operatorRoleLabels, type OperatorSummary } from '@casino/contracts/admin';
import { useId, useState, type ReactNode } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn';
import { adminErrorText } from './admin-http';
import { ErrorNotice, Tag } from './notices';
import type { AdminPage } from './registry';
import { useSignOut } from './session-api';

/**
 * The back office's frame: the same night-and-gold casino palette as the player site, but plainly
 * an operator's tool: a slim bar saying so, the operator and their roles, the pages their roles
 * allow, dense content.
 */
export function AdminShell({ operator, pages, children }: { operator: OperatorSummary; pages: AdminPage[]; children: ReactNode }) {
  const signOut = useSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  return (
    <div className="flex min-h-dvh flex-col bg-night-950 text-sm">
      <header className="border-b border-gold-500/30 bg-night-900">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
          <div className="flex items-center gap-2">
            <span aria-hidden="true" className="grid h-7 w-7 place-items-center rounded bg-gold-500 text-xs font-black text-night-950">
              LC
            </span>
            <span className="font-display font-bold text-ink">Lucky Crown</span>
            <span className="rounded bg-neon-violet/20 px-1.5 py-0.5 text-[11px] font-bold tracking-wider text-neon-violet uppercase">
              Back office
            </span>
          </div>
          <div className="ml-auto flex items-center gap-2">
            <div className="flex flex-col items-end leading-tight">
              <span className="font-semibold text-ink" data-testid="operator-name">
                {operator.displayName}
              </span>
              <span className="flex flex-wrap justify-end gap-1">
                {operator.roles.map((role) => (
                  <Tag key={role}>{operatorRoleLabels[role]}</Tag>
                ))}
              </span>
            </div>
            <button
              type="button"
              aria-expanded={menuOpen}
              aria-controls={navId}
              onClick={() => setMenuOpen((open) => !open)}
              className="cursor-pointer rounded border border-night-500 px-2.5 py-1.5 text-xs font-semibold text-ink-muted hover:border-gold-400 hover:text-gold-300 md:hidden"
            >
              Menu
            </button>
            <button
              type="button"
              onClick={() => signOut.mutate()}
              className="cursor-pointer rounded border border-night-500 px-2.5 py-1.5 text-xs font-semibold text-ink-muted hover:border-gold-400 hover:text-gold-300"
            >
              Sign out
            </button>
          </div>
        </div>
        {/* Every page the roles allow, wrapped onto as many rows as the window needs: nothing is
            cut off or scrolled out of sight at any width. On a phone it opens from Menu. */}
        <nav
          id={navId}
          aria-label="Back office"
          className={cn('flex-wrap gap-1 border-t border-night-700 px-2 py-1.5 md:flex', menuOpen ? 'flex' : 'hidden')}
        >
          {pages
            .filter((page) => page.nav !== false)
            .map((page) => (
              <NavLink
                key={page.path}
                to={`/admin/${page.path}`}
                onClick={() => setMenuOpen(false)}
                className={({ isActive }) =>
                  cn(
                    'rounded px-2.5 py-1.5 font-semibold whitespace-nowrap',
                    isActive ? 'bg-gold-500 text-night-950' : 'text-ink-muted hover:bg-night-700 hover:text-ink',
                  )
                }
              >
                {page.label}
              </NavLink>
            ))}
        </nav>
      </header>
      {signOut.isError ? <ErrorNotice className="m-3">{adminErrorText(signOut.error)}</ErrorNotice> : null}
      <main id="main" className="flex-1 p-3 md:p-4">
        {children}
      </main>
      <footer className="border-t border-night-700 px-3 py-2 text-[11px] text-ink-faint">
        Every action here is recorded in the audit trail with your name, the time (UTC) and your reason.
      </footer>
    </div>
  );
}
