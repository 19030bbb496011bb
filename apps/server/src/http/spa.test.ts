import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clickIdCookies } from '../modules/ad-conversions/service.js';
import { registerSpa } from './spa.js';

describe('the web app’s pages', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-dist-'));
  const app = Fastify();

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lucky Crown</title>');
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify([
        { pattern: '/', links: ['</assets/lobby-page-1.js>; rel=modulepreload; crossorigin', '</api/v1/rows>; rel=preload; as=fetch'] },
        { pattern: '/game-play/:gameId', links: ['</assets/game-play-page-2.js>; rel=modulepreload; crossorigin'] },
      ]),
    );
    await registerSpa(app, dist, {
      pageLinks: async (pathname) => {
        if (pathname === '/broken') throw new Error('catalogue unavailable');
        return pathname === '/' ? ['</rgs/art/first.svg>; rel=preload; as=image; fetchpriority=high'] : [];
      },
    });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it("names a landing page's code and first read in its Link header", async () => {
    const lobby = await app.inject({ method: 'GET', url: '/' });
    expect(lobby.statusCode).toBe(200);
    expect(lobby.body).toContain('<title>Lucky Crown</title>');
    expect(lobby.headers.link).toBe(
      '</assets/lobby-page-1.js>; rel=modulepreload; crossorigin, </api/v1/rows>; rel=preload; as=fetch, ' +
        '</rgs/art/first.svg>; rel=preload; as=image; fetchpriority=high',
    );

    const game = await app.inject({ method: 'GET', url: '/game-play/12?coin=SC' });
    expect(game.headers.link).toBe('</assets/game-play-page-2.js>; rel=modulepreload; crossorigin');
  });

  it('sends no Link header for other pages', async () => {
    for (const url of ['/user/store', '/game-play', '/game-play/12/extra', '/terms-and-conditions']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers.link, url).toBeUndefined();
    }
  });

  it('serves the page without its data preloads when they cannot be read', async () => {
    const page = await app.inject({ method: 'GET', url: '/broken' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Lucky Crown</title>');
    expect(page.headers.link).toBeUndefined();
  });
});

/** index.html as built: the entry script and its preload in the head, the first screen's mark in the shell. */
const head =
  '<head><script type="module" crossorigin src="/assets/main-1.js"></script>\n' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-1.js">\n' +
  '<link rel="stylesheet" crossorigin href="/assets/main-1.css"></head>';
const shell = `<!doctype html><html>${head}<body><div id="root"><header>crown</header><!--first-screen--></div>\n</body></html>`;
/** The head once the page's scripts wait for its first paint. */
const headAfterPaint = '<!doctype html><html><head><link rel="stylesheet" crossorigin href="/assets/main-1.css"></head>';

describe('a landing page’s first screen', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-first-screen-'));
  const app = Fastify();

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), shell);
    fs.writeFileSync(
      path.join(dist, 'first-screens.json'),
      // `$&` in the page's HTML is text, not a replacement pattern.
      JSON.stringify([{ pattern: '/game-play/:gameId', html: '<main>Loading game… $&</main>' }]),
    );
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify([
        {
          pattern: '/game-play/:gameId',
          links: [
            '</assets/main-1.css>; rel=preload; as=style; crossorigin',
            '</assets/vendor-1.js>; rel=modulepreload; crossorigin',
            '</assets/game-play-page-2.js>; rel=modulepreload; crossorigin',
          ],
        },
      ]),
    );
    await registerSpa(app, dist);
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is in the static shell of a page that has one, its scripts fetched once it has painted', async () => {
    const game = await app.inject({ method: 'GET', url: '/game-play/12?coin=SC' });
    expect(game.statusCode).toBe(200);
    expect(game.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(game.headers['cache-control']).toBe('no-cache');
    expect(game.body).toBe(
      headAfterPaint +
        '<body><div id="root"><header>crown</header><main>Loading game… $&</main></div>\n' +
        '  <script src="/after-first-paint.js" data-entry="/assets/main-1.js" ' +
        'data-preloads="/assets/vendor-1.js /assets/game-play-page-2.js" async></script>\n  </body></html>',
    );
    // The stylesheet still comes with the page; the modules wait for the first paint.
    expect(game.headers.link).toBe('</assets/main-1.css>; rel=preload; as=style; crossorigin');
  });

  it('leaves every other page as built', async () => {
    for (const url of ['/', '/game-play', '/game-play/12/extra', '/user/store']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(shell);
      expect(page.headers.link, url).toBeUndefined();
    }
  });
});

describe('a first screen drawn from data (the lobby’s, for a visitor)', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-data-screen-'));
  const app = Fastify();
  let screen = '<main>Popular: Jade Dragon $&</main><script type="application/json" id="first-screen-state">{}</script>';
  let asked = 0;

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), shell);
    fs.mkdirSync(path.join(dist, 'ssr'));
    fs.writeFileSync(path.join(dist, 'ssr', 'first-screen-server.js'), 'export const secretish = 1;');
    fs.writeFileSync(
      path.join(dist, 'route-preloads.json'),
      JSON.stringify([
        {
          pattern: '/',
          links: [
            '</assets/main-1.css>; rel=preload; as=style; crossorigin',
            '</assets/vendor-1.js>; rel=modulepreload; crossorigin',
            '</assets/lobby-page-2.js>; rel=modulepreload; crossorigin',
            '</api/v1/casino-games/sub-category>; rel=preload; as=fetch; crossorigin=use-credentials',
          ],
        },
      ]),
    );
    await registerSpa(app, dist, {
      pageFirstScreen: async (pathname, request) => {
        asked += 1;
        if (pathname !== '/' || request.headers.cookie !== undefined) return undefined;
        if (request.headers['x-break'] !== undefined) throw new Error('catalogue unavailable');
        return screen;
      },
    });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('is in the static shell, with its reads, its scripts fetched once it has painted and nothing fetched twice', async () => {
    const lobby = await app.inject({ method: 'GET', url: '/' });
    expect(lobby.statusCode).toBe(200);
    expect(lobby.headers['cache-control']).toBe('no-cache');
    expect(lobby.body).toBe(
      headAfterPaint +
        '<body><div id="root"><header>crown</header><main>Popular: Jade Dragon $&</main>' +
        '<script type="application/json" id="first-screen-state">{}</script></div>\n' +
        '  <script src="/after-first-paint.js" data-entry="/assets/main-1.js" ' +
        'data-preloads="/assets/vendor-1.js /assets/lobby-page-2.js" async></script>\n  </body></html>',
    );
    // The reads are in the page and the modules wait for its paint: only the stylesheet is named.
    expect(lobby.headers.link).toBe('</assets/main-1.css>; rel=preload; as=style; crossorigin');
  });

  it('follows the screen when it changes (a catalogue change)', async () => {
    screen = '<main>Popular: Neon Nights</main>';
    const lobby = await app.inject({ method: 'GET', url: '/' });
    expect(lobby.body).toContain('<header>crown</header><main>Popular: Neon Nights</main></div>');
    expect(lobby.body).not.toContain('Jade Dragon');
  });

  it('is left out for a player, and when it cannot be drawn: the page as built, with its preloads', async () => {
    for (const headers of [{ cookie: 'casino_session=abc' }, { 'x-break': '1' }]) {
      const lobby = await app.inject({ method: 'GET', url: '/', headers });
      expect(lobby.statusCode).toBe(200);
      expect(lobby.body).toBe(shell);
      expect(lobby.headers.link).toContain('</api/v1/casino-games/sub-category>; rel=preload; as=fetch');
    }
  });

  it('never serves the server’s renderer to a browser', async () => {
    const before = asked;
    const file = await app.inject({ method: 'GET', url: '/ssr/first-screen-server.js' });
    expect(file.body).not.toContain('secretish');
    expect(file.body).toBe(shell);
    expect(asked).toBe(before + 1);
  });
});

describe('a page opened from an ad', () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'spa-ad-'));
  const app = Fastify();

  beforeAll(async () => {
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lucky Crown</title>');
    await app.register(fastifyCookie);
    await registerSpa(app, dist, { pageCookies: (query) => clickIdCookies(query).map((cookie) => ({ ...cookie, secure: true })) });
  });

  afterAll(async () => {
    await app.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('keeps its click ids 30 days in server-only cookies set with the page, before any script runs', async () => {
    const before = Date.now();
    const page = await app.inject({ method: 'GET', url: '/?fbclid=AbC123&rdt_cid=r-42&utm_source=x' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>Lucky Crown</title>');
    const cookies = page.cookies.map(({ name, value, maxAge, path: cookiePath, httpOnly, sameSite, secure }) => ({
      name,
      value,
      maxAge,
      path: cookiePath,
      httpOnly,
      sameSite,
      secure,
    }));
    const options = { maxAge: 2_592_000, path: '/', httpOnly: true, sameSite: 'Lax', secure: true };
    expect(cookies).toEqual([
      { name: '_fbc', value: expect.stringMatching(/^fb\.1\.\d{13}\.AbC123$/), ...options },
      { name: 'rdt_cid', value: 'r-42', ...options },
    ]);
    // Meta's form: fb.1.<when the click id was first seen, in ms>.<fbclid>
    expect(Number(cookies[0]!.value.split('.')[2])).toBeGreaterThanOrEqual(before);
  });

  it('sets none without a click id, for an overlong one, or on an API path', async () => {
    for (const url of ['/user/store?utm_source=x', `/?fbclid=${'x'.repeat(600)}`, '/api/v1/nothing?fbclid=AbC123']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.cookies, url).toEqual([]);
    }
  });
});
