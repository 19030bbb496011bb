import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { CrownMark } from '../../components/crown-mark';
import { Spinner } from '../../components/ui/spinner';
import { gamePaths } from './paths';

/**
 * The game page's frame (seed 000 section 2): the game at full height, the bottom bar under it.
 * The page (game-play-page.tsx) and its first screen (below) share it, so the one replaces the
 * other without anything moving.
 */
export function GamePageFrame({ children, bar }: { children: ReactNode; bar: ReactNode }) {
  return (
    <div className="flex h-[calc(100dvh-4rem)] flex-col">
      <div className="relative min-h-0 flex-1 bg-night-950">{children}</div>
      <nav
        aria-label="Game"
        className="flex h-14 shrink-0 items-center gap-2 border-t border-night-700/80 bg-night-900/95 px-3 pb-[env(safe-area-inset-bottom)] sm:px-5"
      >
        {bar}
      </nav>
    </div>
  );
}

/** The game's place while its launch is asked for. */
export function GameLoading() {
  return (
    <div className="flex h-full items-center justify-center gap-3 text-ink-muted">
      <Spinner /> Loading game…
    </div>
  );
}

/** The bar's logo, at its end: back to the lobby. */
export function GameBarLogo() {
  return (
    <Link to={gamePaths.lobby} aria-label="Lucky Crown lobby" className="ml-auto flex items-center gap-2">
      <CrownMark className="h-8 w-8 shrink-0" />
      <span className="font-display text-base leading-none font-black tracking-wider uppercase max-sm:hidden">
        <span className="text-gradient-gold">Lucky</span> <span className="text-ink">Crown</span>
      </span>
    </Link>
  );
}

/**
 * The game page before any of its code has run: the frame with 'Loading game…'
 * and the bar's logo. The server sends it inside index.html's shell for /game-play/:gameId
 * (apps/web/build/first-screens.tsx renders it at build time), and the router's fallback keeps it
 * until the page's code is there, so the player sees the page's frame at the first paint.
 */
export function GamePageFirstScreen() {
  return (
    <GamePageFrame bar={<GameBarLogo />}>
      <GameLoading />
    </GamePageFrame>
  );
}
