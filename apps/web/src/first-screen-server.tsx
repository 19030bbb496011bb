// The lobby's first screen for a visitor, rendered where the page is served (docs/decisions/067). The web build compiles this file for Node (`vite build --ssr`, into
// dist/ssr); the server loads it and calls it once per catalogue and banner list
// (apps/server/src/modules/games/lobby-first-screen.ts), putting the markup into index.html's
// static shell. The markup is the lobby page's own first render, drawn by its own components
// from the reads the page makes, so the first row's art (the largest paint on a phone) shows
// before any script has run. The reads go along as a dehydrated query cache: the app starts
// from them (app/layout/server-first-screen.ts), so its first render shows the same rows.
import type { Banner } from '@casino/contracts/banners';
import type { SubCategoryList } from '@casino/contracts/games';
import { dehydrate, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ShellMain } from './app/layout/first-screens';
import { FIRST_SCREEN_STATE_ID } from './app/layout/server-first-screen';
import { subCategoriesQuery } from './features/games';
import { bannersQuery } from './features/banners';
import { LobbyPage } from './features/lobby';

/** What a visitor's lobby reads first: GET /casino-games/sub-category and the lobbySlider banners' rows. */
export interface LobbyFirstScreenData {
  subCategories: SubCategoryList;
  banners: Banner[];
}

/**
 * The lobby's first screen shows its first row, with as many tiles as the widest layout shows at
 * once (the main column stops at 1600 px); the rows below it come with the app. A first screen is
 * what the browser must parse, style and lay out before it paints, and again when the app replaces
 * it, so it holds what a first screen shows and no more.
 */
const FIRST_ROW_TILES = 10;

function firstScreenRows(subCategories: SubCategoryList): SubCategoryList {
  const first = subCategories.rows.find((row) => row.isFeatured && row.subCategoryGames.length > 0);
  if (!first) return { ...subCategories, rows: [] };
  return { ...subCategories, rows: [{ ...first, subCategoryGames: first.subCategoryGames.slice(0, FIRST_ROW_TILES) }] };
}

/** JSON inside a script element: no `<` can close the element or open a comment. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/** The lobby's first screen and, after it, the reads the app starts from, as one HTML fragment. */
export function renderLobbyFirstScreen(data: LobbyFirstScreenData): string {
  const reads = (subCategories: SubCategoryList) => {
    const client = new QueryClient();
    client.setQueryData(subCategoriesQuery().queryKey, subCategories);
    client.setQueryData(bannersQuery('lobbySlider', false).queryKey, data.banners);
    return client;
  };
  const client = reads(firstScreenRows(data.subCategories));
  const screen = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <ShellMain>
          <LobbyPage />
        </ShellMain>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return `${screen}<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(dehydrate(reads(data.subCategories)))}</script>`;
}
