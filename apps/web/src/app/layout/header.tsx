import { Button } from '../../components/ui/button';
import { useAuthDialog, useAuthStore } from '../../features/auth';
import { Logo } from './logo';

/**
 * The header (seed 000 section 2 'Layout'): logo, and for visitors Login and Register; signed-in
 * players get the balance toggle, Get Coins and the profile link from the wallet and account
 * features (slot `signedInActions`).
 */
export function Header({ onMenu, signedInActions }: { onMenu?: (() => void) | undefined; signedInActions?: React.ReactNode }) {
  const isAuthenticated = useAuthStore((state) => state.isAuthenticated);
  const showDialog = useAuthDialog((state) => state.show);
  return (
    <header className="sticky top-0 z-40 border-b border-night-700/80 bg-night-900/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-[1600px] items-center gap-3 px-3 sm:px-5">
        {isAuthenticated && onMenu ? (
          <button
            type="button"
            onClick={onMenu}
            aria-label="Open menu"
            className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-xl text-ink-muted hover:bg-night-700 lg:hidden"
          >
            <svg viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
              <path d="M4 7h16M4 12h16M4 17h16" />
            </svg>
          </button>
        ) : null}
        <Logo wordmarkFromSm={isAuthenticated} />
        <div className="ml-auto flex items-center gap-2">
          {isAuthenticated ? (
            signedInActions
          ) : (
            <>
              <Button variant="outline" size="md" onClick={() => showDialog('login')}>
                Login
              </Button>
              <Button variant="primary" size="md" onClick={() => showDialog('signup')}>
                Register
              </Button>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
