import type { ReactNode } from 'react';
import { GamePageFirstScreen } from '../../features/games';

/**
 * Landing pages whose first screen is painted before any script has run (docs/decisions/067): the build renders each into dist/first-screens.json
 * (apps/web/build/first-screens.tsx) and the server puts it into index.html's shell for a
 * matching path (apps/server/src/http/spa.ts). Only what needs no data and no session: the page's
 * frame. The lobby's first screen needs the catalogue: the server renders it per catalogue
 * (src/first-screen-server.tsx, docs/decisions/067).
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
