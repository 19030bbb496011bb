import { subCategoryQuerySchema } from '@casino/contracts/games';
import type { GamesService } from './service.js';

/** The first row's tiles a phone shows (apps/web lobby-page.tsx FIRST_SCREEN_TILES): their art is the lobby's largest paint. */
const FIRST_SCREEN_TILES = 2;
/** A path on this origin with nothing a Link header would read as syntax. */
const OWN_PATH = /^\/[\w./-]+$/;
const LOBBY_PATHS = new Set(['/', '/lobby']);

/** Whether a page path is the lobby's (`/`, `/lobby`, with or without a trailing slash). */
export function isLobbyPath(pathname: string): boolean {
  return LOBBY_PATHS.has(pathname.replace(/(.)\/$/, '$1'));
}

/**
 * The lobby page's art preloads (docs/decisions/067-first-screen-and-lobby-speed.md): the first
 * featured row's first tiles, named in the page's Link header so their art is fetched beside the
 * entry script instead of after the script, the rows' read and a render. The rows come from the
 * catalogue cache the lobby's own read is served from, as a visitor sees them; only our own art
 * (a path on this origin) is named.
 */
export function lobbyArtPreloads(games: Pick<GamesService, 'subCategories'>): (pathname: string) => Promise<string[]> {
  const visitorQuery = subCategoryQuerySchema.parse({});
  return async (pathname) => {
    if (!isLobbyPath(pathname)) return [];
    const { rows } = await games.subCategories(visitorQuery, null);
    const first = rows.find((row) => row.isFeatured && row.subCategoryGames.length > 0);
    return (first?.subCategoryGames ?? [])
      .slice(0, FIRST_SCREEN_TILES)
      .map((game) => game.imageUrl)
      .filter((url) => OWN_PATH.test(url))
      .map((url) => `<${url}>; rel=preload; as=image; fetchpriority=high`);
  };
}
