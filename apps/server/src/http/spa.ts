import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorBody } from './errors.js';

const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

/** dist/route-preloads.json, written by the web build (apps/web/build/route-preloads.ts). */
const routePreloadsSchema = z.array(z.object({ pattern: z.string().startsWith('/'), links: z.array(z.string()) }));

/**
 * The Link header entries of each landing page (docs/decisions/067-first-screen-and-lobby-speed.md):
 * its page code and first API read, so the browser fetches them beside the entry script instead
 * of a round trip after it. A pattern's `:name` segments match any one segment.
 */
export function routePreloadLinks(webDistDir: string): (pathname: string) => string[] {
  const file = path.join(webDistDir, 'route-preloads.json');
  if (!fs.existsSync(file)) return () => [];
  const routes = routePreloadsSchema
    .parse(JSON.parse(fs.readFileSync(file, 'utf8')))
    .map((route) => ({ match: patternRegExp(route.pattern), links: route.links }));
  return (pathname) => routes.find((route) => route.match.test(pathname))?.links ?? [];
}

/** The modules a Link header preloads (`</assets/x.js>; rel=modulepreload`). */
function preloadedModules(links: readonly string[]): string[] {
  return links.filter((link) => link.includes('rel=modulepreload')).map((link) => link.slice(1, link.indexOf('>')));
}

/**
 * A page sent with its first screen fetches its scripts once that has painted (docs/decisions/
 * 067): its Link header keeps its stylesheet, art and first reads, not its modules.
 */
function firstScreenLinks(links: string[]): string[] {
  return links.filter((link) => !link.includes('rel=modulepreload'));
}

/** A page sent with the reads its first screen was drawn from (docs/decisions/067) does not fetch them again. */
function withoutReads(links: string[]): string[] {
  return links.filter((link) => !link.includes('as=fetch'));
}

/** dist/first-screens.json, written by the web build (apps/web/build/first-screens.tsx). */
const firstScreensSchema = z.array(z.object({ pattern: z.string().startsWith('/'), html: z.string() }));
/** Where index.html's static shell takes a page's first screen. */
const FIRST_SCREEN_MARK = '<!--first-screen-->';

/** A path pattern (`/game-play/:gameId`) as a regular expression: each `:name` segment matches any one segment. */
function patternRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** The entry script and the modules it preloads, as vite writes them into index.html's head. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g;

/**
 * index.html with its scripts fetched after the first paint (docs/decisions/067): the entry
 * script and its module preloads leave the head, and public/after-first-paint.js adds them back
 * once the page has painted, with the page's own modules (`pageModules`, its route's preloads).
 * As built when the head has no entry script.
 */
function scriptsAfterFirstPaint(html: string, pageModules: readonly string[] = []): string {
  const entry = ENTRY_SCRIPT.exec(html)?.[1];
  if (entry === undefined || !html.includes('</body>')) return html;
  const preloads = new Set([...pageModules, ...[...html.matchAll(MODULE_PRELOAD)].map((match) => match[1])]);
  preloads.delete(entry);
  const loader = `<script src="/after-first-paint.js" data-entry="${entry}" data-preloads="${[...preloads].join(' ')}" async></script>`;
  return html
    .replace(ENTRY_SCRIPT, '')
    .replace(MODULE_PRELOAD, '')
    .replace('</body>', () => `  ${loader}\n  </body>`);
}

/** index.html with a first screen where it marks one, its scripts fetched once that has painted. */
function withFirstScreen(index: string, screen: string, pageModules: readonly string[]): string {
  return scriptsAfterFirstPaint(
    index.replace(FIRST_SCREEN_MARK, () => screen),
    pageModules,
  );
}

/**
 * index.html for each page (docs/decisions/067): a landing page with a
 * first screen in dist/first-screens.json gets it in the static shell, where index.html marks its
 * place, so its frame paints before any script has run, and its scripts are fetched once it has
 * painted; any other page gets index.html as built. Undefined when there is nothing to put in
 * (no first screens, or no mark in index.html): the file is then served as it is.
 */
export function firstScreenPages(
  webDistDir: string,
  linksFor: (pathname: string) => string[] = () => [],
): ((pathname: string) => string | undefined) | undefined {
  const file = path.join(webDistDir, 'first-screens.json');
  const indexFile = path.join(webDistDir, 'index.html');
  if (!fs.existsSync(file) || !fs.existsSync(indexFile)) return undefined;
  const index = fs.readFileSync(indexFile, 'utf8');
  if (!index.includes(FIRST_SCREEN_MARK)) return undefined;
  const pages = firstScreensSchema.parse(JSON.parse(fs.readFileSync(file, 'utf8'))).map((screen) => ({
    match: patternRegExp(screen.pattern),
    // The route's preloads are the same for every path of its pattern: the pattern itself is one.
    html: withFirstScreen(index, screen.html, preloadedModules(linksFor(screen.pattern))),
  }));
  return (pathname) => pages.find((page) => page.match.test(pathname))?.html;
}

/**
 * index.html with a first screen drawn from data (the lobby's, docs/decisions/067), in the place
 * index.html marks, its scripts fetched once it has painted. The page is built again only when
 * the screen changes (one screen per catalogue), not per request.
 */
function dataFirstScreenPages(indexFile: string, linksFor: (pathname: string) => string[]) {
  const index = fs.readFileSync(indexFile, 'utf8');
  if (!index.includes(FIRST_SCREEN_MARK)) return undefined;
  // One entry per path that has such a screen (/ and /lobby), each kept until its screen changes.
  const pages = new Map<string, { screen: string; page: string }>();
  return (pathname: string, screen: string): string => {
    let built = pages.get(pathname);
    if (built?.screen !== screen) {
      built = { screen, page: withFirstScreen(index, screen, preloadedModules(linksFor(pathname))) };
      pages.set(pathname, built);
    }
    return built.page;
  };
}

/**
 * A first screen drawn from data for this request, or undefined: the HTML fragment that goes where
 * index.html marks the first screen (apps/server/src/modules/games/lobby-first-screen.ts).
 */
export type PageFirstScreen = (pathname: string, request: FastifyRequest) => Promise<string | undefined>;

/**
 * Cookies a page sets from its query, with the page itself (an ad's click id): server-only
 * (httpOnly), for the whole site, lax.
 */
export type PageCookies = (query: URLSearchParams) => { name: string; value: string; maxAgeSeconds: number; secure: boolean }[];

/**
 * Serves the built web app: hashed assets under /assets with long-lived immutable caching,
 * every other non-API path answers index.html so client-side routes survive a reload, with the
 * page's first screen where it has one. Unknown /api paths answer 404 in the error envelope.
 * `pageLinks` adds a page's preloads that depend on data (the lobby's first art), after the build's.
 * `pageFirstScreen` gives a page a first screen drawn from data (the lobby's, for a visitor).
 * `pageCookies` names the cookies a page sets from its query.
 */
export async function registerSpa(
  app: FastifyInstance,
  webDistDir: string,
  {
    pageLinks,
    pageFirstScreen,
    pageCookies,
  }: { pageLinks?: (pathname: string) => Promise<string[]>; pageFirstScreen?: PageFirstScreen; pageCookies?: PageCookies } = {},
): Promise<void> {
  const indexFile = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const preloadLinks = routePreloadLinks(webDistDir);
  const firstScreenPage = hasBuild ? firstScreenPages(webDistDir, preloadLinks) : undefined;
  const dataFirstScreenPage = hasBuild && pageFirstScreen ? dataFirstScreenPages(indexFile, preloadLinks) : undefined;
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: false,
      index: false,
      // scripts/precompress.mjs writes .br and .gz beside each asset at build time.
      preCompressed: true,
      // dist/ssr holds the server's renderer of the lobby's first screen, not a file for browsers.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      setHeaders: (reply, filePath) => {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', isHashedAsset ? `public, max-age=${ONE_YEAR_SECONDS}, immutable` : 'no-cache');
      },
    });
  } else {
    app.log.warn({ webDistDir }, 'web build not found: only the API is served (run npm run build)');
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/') || pathname.startsWith('/rgs/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !wantsPage || !hasBuild || pathname.startsWith('/assets/')) {
      return reply.status(404).send(errorBody('NotFound', `No route ${request.method} ${pathname}`));
    }
    // A preload is a hint: the page is served without it when its data can't be read.
    const dataLinks = pageLinks
      ? await pageLinks(pathname).catch((error: unknown) => {
          request.log.warn({ err: error, pathname }, 'page preloads unavailable');
          return [];
        })
      : [];
    // A first screen drawn from data is a speed-up too: the page is served without it on failure.
    const dataScreen =
      dataFirstScreenPage && pageFirstScreen
        ? await pageFirstScreen(pathname, request).catch((error: unknown) => {
            request.log.warn({ err: error, pathname }, 'page first screen unavailable');
            return undefined;
          })
        : undefined;
    const page = dataScreen === undefined ? firstScreenPage?.(pathname) : dataFirstScreenPage?.(pathname, dataScreen);
    const routeLinks = page === undefined ? preloadLinks(pathname) : firstScreenLinks(preloadLinks(pathname));
    const links = [...(dataScreen === undefined ? routeLinks : withoutReads(routeLinks)), ...dataLinks];
    if (links.length > 0) reply.header('link', links.join(', '));
    const query = request.url.indexOf('?');
    if (pageCookies && query >= 0) {
      for (const cookie of pageCookies(new URLSearchParams(request.url.slice(query + 1)))) {
        void reply.setCookie(cookie.name, cookie.value, {
          path: '/',
          httpOnly: true,
          sameSite: 'lax',
          secure: cookie.secure,
          maxAge: cookie.maxAgeSeconds,
        });
      }
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    return page === undefined ? reply.sendFile('index.html') : reply.send(page);
  });
}
