import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Banner } from '@casino/contracts/banners';
import { subCategoryQuerySchema, type SubCategoryList } from '@casino/contracts/games';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../kernel/sessions/session-cookie.js';
import type { BannerService } from '../banners/service.js';
import { isLobbyPath } from './lobby-preloads.js';
import type { GamesService } from './service.js';

/** The web build's renderer of the lobby's first screen (apps/web/src/first-screen-server.tsx). */
export type LobbyFirstScreenRenderer = (data: { subCategories: SubCategoryList; banners: Banner[] }) => string;

/** Where the web build writes the renderer (`vite build --ssr`, apps/web/vite.config.ts). */
const RENDERER_FILE = path.join('ssr', 'first-screen-server.js');

/** The renderer from the web build, or undefined when the build has none (an API-only run). */
export async function loadLobbyFirstScreenRenderer(webDistDir: string): Promise<LobbyFirstScreenRenderer | undefined> {
  const file = path.join(webDistDir, RENDERER_FILE);
  if (!fs.existsSync(file)) return undefined;
  const module = (await import(pathToFileURL(file).href)) as { renderLobbyFirstScreen?: unknown };
  if (typeof module.renderLobbyFirstScreen !== 'function') throw new Error(`${file} exports no renderLobbyFirstScreen`);
  return module.renderLobbyFirstScreen as LobbyFirstScreenRenderer;
}

/**
 * The lobby's first screen for a visitor (docs/decisions/067): the lobby page's
 * first render, drawn by the web app's own components from what a visitor's lobby reads first
 * (the catalogue cache's rows and the lobbySlider banners for visitors), with those reads after it.
 * Its first row's art is then the page's largest paint before any script has run. It is drawn
 * again only when the rows or the banners change. A player (a session cookie) gets none: their
 * rows carry their favourites, and their banners differ.
 */
export function lobbyFirstScreen({
  games,
  banners,
  render,
}: {
  games: Pick<GamesService, 'subCategories'>;
  banners: Pick<BannerService, 'list'>;
  render: LobbyFirstScreenRenderer;
}): (pathname: string, request: FastifyRequest) => Promise<string | undefined> {
  const visitorQuery = subCategoryQuerySchema.parse({});
  let last: { subCategories: SubCategoryList; banners: string; screen: string } | undefined;
  return async (pathname, request) => {
    if (!isLobbyPath(pathname) || request.cookies[SESSION_COOKIE] !== undefined) return undefined;
    const [subCategories, bannerRows] = await Promise.all([
      games.subCategories(visitorQuery, null),
      banners.list({ signedIn: false, pageName: 'lobbySlider' }),
    ]);
    const bannersKey = JSON.stringify(bannerRows);
    if (last?.subCategories !== subCategories || last.banners !== bannersKey) {
      last = { subCategories, banners: bannersKey, screen: render({ subCategories, banners: bannerRows }) };
    }
    return last.screen;
  };
}
