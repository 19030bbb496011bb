import type { ReactNode } from 'react';
import { matchPath } from 'react-router';
import { GamePageFirstScreen } from '../../features/games/game-page-frame';

/**
 * Landing pages whose first screen is painted before any script has run (issue 17 point 4,
 * docs/decisions/027): the build renders each into dist/first-screens.json
 * (apps/web/build/first-screens.tsx), the server puts it into index.html's shell for a matching
 * path (apps/server/src/http/spa.ts), and the router's fallback (app-shell.tsx) renders the same
 * until the page's code is there. Only what needs no data and no session: the page's frame.
 */
export const FIRST_SCREENS: { pattern: string; render: () => ReactNode }[] = [
  { pattern: '/game-play/:gameId', render: () => <GamePageFirstScreen /> },
];

/** The layout's main column, where AppLayout puts a page that has no sidebar (app-layout.tsx). */
export function ShellMain({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto flex w-full max-w-[1600px] flex-1">
      <main id="main" className="min-w-0 flex-1">
        {children}
      </main>
    </div>
  );
}

/** A first screen in the layout's main column, as the shell and the router's fallback show it. */
export function renderFirstScreen(screen: (typeof FIRST_SCREENS)[number]): ReactNode {
  return <ShellMain>{screen.render()}</ShellMain>;
}

export function firstScreenFor(pathname: string): ReactNode {
  const screen = FIRST_SCREENS.find((one) => matchPath(one.pattern, pathname) !== null);
  return screen ? renderFirstScreen(screen) : null;
}
