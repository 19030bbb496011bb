import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Banner } from '@casino/contracts/banners';
import type { SubCategoryList } from '@casino/contracts/games';
import type { FastifyRequest } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { loadLobbyFirstScreenRenderer, lobbyFirstScreen, type LobbyFirstScreenRenderer } from './lobby-first-screen.js';

const visitor = { cookies: {} } as FastifyRequest;
const player = { cookies: { casino_session: 'abc' } } as unknown as FastifyRequest;
const rows = (name: string) => ({ count: 1, rows: [{ name: { EN: name } }] }) as unknown as SubCategoryList;
const banner = (title: string) => ({ bannerId: 1, title }) as unknown as Banner;

describe("the lobby's first screen for a visitor", () => {
  function setUp() {
    const state = { subCategories: rows('Popular'), banners: [banner('Join Lucky Crown')], renders: 0 };
    const render: LobbyFirstScreenRenderer = ({ subCategories, banners }) => {
      state.renders += 1;
      return `<main>${subCategories.rows.map((row) => row.name.EN).join()} ${banners.map((one) => one.title).join()}</main>`;
    };
    const screen = lobbyFirstScreen({
      games: {
        subCategories: async (query, viewerId) =>
          viewerId === null && Object.keys(query).length === 0 ? state.subCategories : rows('wrong'),
      },
      banners: { list: async ({ signedIn, pageName }) => (!signedIn && pageName === 'lobbySlider' ? state.banners : [banner('wrong')]) },
      render,
    });
    return { state, screen };
  }

  it('is drawn from the rows and banners a visitor reads, once for as long as they stay the same', async () => {
    const { state, screen } = setUp();
    expect(await screen('/', visitor)).toBe('<main>Popular Join Lucky Crown</main>');
    expect(await screen('/lobby', visitor)).toBe('<main>Popular Join Lucky Crown</main>');
    expect(await screen('/lobby/', visitor)).toBe('<main>Popular Join Lucky Crown</main>');
    expect(state.renders).toBe(1);

    // The catalogue cache answers a new object after a change; the banners are compared by content.
    state.subCategories = rows('New Releases');
    expect(await screen('/', visitor)).toBe('<main>New Releases Join Lucky Crown</main>');
    state.banners = [banner('Join Lucky Crown')];
    await screen('/', visitor);
    expect(state.renders).toBe(2);
    state.banners = [banner('Daily Coins')];
    expect(await screen('/', visitor)).toBe('<main>New Releases Daily Coins</main>');
    expect(state.renders).toBe(3);
  });

  it('is for the lobby only, and not for a player', async () => {
    const { state, screen } = setUp();
    for (const pathname of ['/game-play/1', '/user/store', '/lobbyx']) expect(await screen(pathname, visitor), pathname).toBeUndefined();
    expect(await screen('/', player)).toBeUndefined();
    expect(state.renders).toBe(0);
  });
});

describe("the web build's renderer", () => {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-renderer-'));
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  it('is loaded from dist/ssr when the build has one, and refused when it exports no renderer', async () => {
    expect(await loadLobbyFirstScreenRenderer(dist)).toBeUndefined();
    fs.mkdirSync(path.join(dist, 'ssr'));
    const file = path.join(dist, 'ssr', 'first-screen-server.js');
    fs.writeFileSync(file, 'export function renderLobbyFirstScreen(data) { return `<main>${data.banners.length}</main>`; }');
    const render = await loadLobbyFirstScreenRenderer(dist);
    expect(render?.({ subCategories: rows('Popular'), banners: [banner('a'), banner('b')] })).toBe('<main>2</main>');

    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'lobby-renderer-'));
    fs.mkdirSync(path.join(other, 'ssr'));
    fs.writeFileSync(path.join(other, 'ssr', 'first-screen-server.js'), 'export const nothing = 1;');
    await expect(loadLobbyFirstScreenRenderer(other)).rejects.toThrow(/exports no renderLobbyFirstScreen/);
    fs.rmSync(other, { recursive: true, force: true });
  });
});
