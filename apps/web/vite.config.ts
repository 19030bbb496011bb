import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** A page players often open first, whose code and first read are worth fetching with the page. */
interface LandingPage {
  /** The route's path pattern, as in src/app/router.tsx (`/game-play/:gameId`). */
  pattern: string;
  /** The page module the route loads lazily (a path ending, `/src/features/lobby/lobby-page.tsx`). */
  module: string;
  /** API paths the page reads first (GET, with the session cookie), as its queries ask for them. */
  reads?: string[];
}

/** One line of dist/route-preloads.json: what the server names in the page's Link header. */
interface RoutePreload {
  pattern: string;
  links: string[];
}

function chunks(bundle: OutputBundle): OutputChunk[] {
  return Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
}

/** A chunk's file and every chunk it imports statically, depth first. */
function withStaticImports(bundle: OutputBundle, fileName: string, into = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (into.has(fileName) || chunk?.type !== 'chunk') return into;
  into.add(fileName);
  for (const imported of chunk.imports) withStaticImports(bundle, imported, into);
  return into;
}

/**
 * Route preloads (docs/decisions/067-first-screen-and-lobby-speed.md): a lazily loaded page asks
 * for its code only once the entry script has run, and for its data once that code has run, each
 * a round trip later. For the landing pages the build writes dist/route-preloads.json, per route
 * pattern: the entry's stylesheet and scripts (largest first: on HTTP/1.1's six connections the
 * order decides what waits), then the page's chunks, then its first reads. The server names them
 * in that route's Link header, which the browser reads before the page itself, so all of it
 * loads at once. Other routes get nothing extra.
 */
function routePreloads(entryHtml: string, pages: LandingPage[]): Plugin {
  return {
    name: 'route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = chunks(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(entryHtml));
      if (!entry) this.error(`route-preloads: no entry chunk for ${entryHtml}`);
      const entryFiles = [...withStaticImports(bundle, entry.fileName)];
      const chunkOf = (file: string) => chunks(bundle).find((chunk) => chunk.fileName === file);
      const size = (file: string) => chunkOf(file)?.code.length ?? 0;
      const entryCss = new Set(entryFiles.flatMap((file) => [...(chunkOf(file)?.viteMetadata?.importedCss ?? [])]));
      const entryLinks = [
        ...[...entryCss].map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
        ...entryFiles.sort((a, b) => size(b) - size(a)).map((file) => `</${file}>; rel=modulepreload; crossorigin`),
      ];
      const routes: RoutePreload[] = pages.map((page) => {
        const pageChunk = chunks(bundle).find((chunk) => chunk.moduleIds.some((id) => id.endsWith(page.module)));
        if (!pageChunk) this.error(`route-preloads: no chunk holds ${page.module}`);
        const pageFiles = [...withStaticImports(bundle, pageChunk.fileName)].filter((file) => !entryFiles.includes(file));
        return {
          pattern: page.pattern,
          links: [
            ...entryLinks,
            ...pageFiles.map((file) => `</${file}>; rel=modulepreload; crossorigin`),
            // The app's requests send the session cookie (lib/http.ts: credentials 'include').
            ...(page.reads ?? []).map((read) => `<${read}>; rel=preload; as=fetch; crossorigin=use-credentials`),
          ],
        };
      });
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: `${JSON.stringify(routes, null, 2)}\n` });
    },
  };
}

/**
 * The game page (game.html, framed by the lobby) stays small because it shares nothing with the
 * app's bundle: the build fails if it would load the app's library chunk (the `vendor` group of
 * vite.config.ts catches what the entries load at once, the game page's too).
 */
function keepEntryApart(entryHtml: string, chunkName: string): Plugin {
  return {
    name: 'keep-entry-apart',
    apply: 'build',
    generateBundle(_options, bundle) {
      const entry = chunks(bundle).find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith(entryHtml));
      if (!entry) this.error(`keep-entry-apart: no entry chunk for ${entryHtml}`);
      const shared = [...withStaticImports(bundle, entry.fileName)].find((file) =>
        chunks(bundle).some((chunk) => chunk.fileName === file && chunk.name === chunkName),
      );
      if (shared) this.error(`${entryHtml} would load ${shared}, the app's ${chunkName} chunk`);
    },
  };
}

/** As features/games/api/game-lists.ts subCategoriesQuery and features/banners/api.ts bannersQuery ask for them. */
const LOBBY_READS = ['/api/v1/casino-games/sub-category', '/api/v1/details/banners?pageName=lobbySlider'];

/** The browser's build: the app and the game page. */
const browserBuild = {
  plugins: [
    react(),
    tailwindcss(),
    // The pages players land on (src/app/router.tsx): the lobby and a game. The lobby's first reads
    // (features/lobby/lobby-data.ts) are its game rows and its slider's banners, whose images are
    // the largest paint on a phone.
    routePreloads('index.html', [
      { pattern: '/', module: '/src/features/lobby/lobby-page.tsx', reads: LOBBY_READS },
      { pattern: '/lobby', module: '/src/features/lobby/lobby-page.tsx', reads: LOBBY_READS },
      { pattern: '/game-play/:gameId', module: '/src/features/games/game-play-page.tsx' },
    ]),
    keepEntryApart('game.html', 'vendor'),
  ],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    sourcemap: false,
    target: 'es2022',
    // Two pages: the app, and the game page the lobby frames (/rgs/play/...), which stays small
    // because it shares nothing with the app's bundle.
    rolldownOptions: {
      input: {
        main: fileURLToPath(new URL('./index.html', import.meta.url)),
        game: fileURLToPath(new URL('./game.html', import.meta.url)),
      },
      output: {
        codeSplitting: {
          // The app's libraries in one file rather than a dozen small ones, each a request (and
          // on HTTP/1.1 a round trip) before the first page can run. Only what the entries load
          // at once; libraries of lazily loaded pages stay with those pages.
          groups: [{ name: 'vendor', tags: ['$initial'], test: /node_modules/ }],
        },
      },
    },
  },
} satisfies UserConfig;

/**
 * The server's build (`vite build --ssr src/first-screen-server.tsx`): the lobby's first screen renderer
 * (src/first-screen-server.tsx, docs/decisions/067), for Node, with its libraries inside, so the
 * server loads one file from dist/ssr whatever it can resolve.
 */
const serverBuild = {
  plugins: [react()],
  ssr: { noExternal: true },
  build: {
    outDir: 'dist/ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    sourcemap: false,
    target: 'node24',
  },
} satisfies UserConfig;

export default defineConfig(({ isSsrBuild }) => ({
  ...(isSsrBuild ? serverBuild : browserBuild),
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/rgs': 'http://localhost:3000',
      '/socket.io': { target: 'ws://localhost:3000', ws: true },
    },
  },
}));
