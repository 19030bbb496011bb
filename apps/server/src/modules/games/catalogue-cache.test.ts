import { eq } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casinoFavoriteGames, casinoGames } from '../../db/schema/index.js';
import { createTestPlayers } from '../../money/ledger/test-players.js';
import { testServer } from '../../test/harness.js';
import { createCatalogueCache } from './catalogue-cache.js';
import { openScratchCatalogue, type ScratchCatalogue } from './search-fixture.js';
import { createGamesService } from './service.js';

describe('the catalogue cache', () => {
  it('loads a key once, answers it from memory, and forgets everything when the catalogue changes', async () => {
    const cache = createCatalogueCache();
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const [first, second] = await Promise.all([cache.get('a', load), cache.get('a', load)]);
    expect(first).toEqual({ n: 1 });
    expect(second).toBe(first);
    expect(await cache.get('a', load)).toBe(first);
    expect(await cache.get('b', load)).toEqual({ n: 2 });
    await cache.changed();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', load)).toEqual({ n: 3 });
  });

  it('expires entries after their time, keeps no failed load, and holds at most maxEntries', async () => {
    let clock = 0;
    const cache = createCatalogueCache({ ttlMs: 1_000, maxEntries: 2, now: () => clock });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    clock = 999;
    expect(await cache.get('a', load)).toBe(1);
    clock = 2_000;
    expect(await cache.get('a', load)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('bad', async () => 'up')).toBe('up');
    await cache.get('c', load);
    expect(cache.size).toBe(2);
  });

  it.skipIf(!process.env.REDIS_URL)('clears the other processes through Redis (two caches on one Redis)', async () => {
    const redis = new Redis(process.env.REDIS_URL!);
    const here = createCatalogueCache({ redis });
    const there = createCatalogueCache({ redis: new Redis(process.env.REDIS_URL!) });
    // Let both subscriptions settle.
    await new Promise((resolve) => setTimeout(resolve, 200));
    await there.get('games:{}', async () => 'old page');
    expect(there.size).toBe(1);
    await here.changed();
    await expect.poll(() => there.size).toBe(0);
    await Promise.all([here.close(), there.close()]);
    redis.disconnect();
  });
});

describe('the games service over the cache', () => {
  // A catalogue of its own: the shared test server's games stay as other tests expect them. A
  // fresh embedded database takes every migration, so it is opened under the hook's time limit.
  let scratch: ScratchCatalogue;
  beforeAll(async () => {
    scratch = await openScratchCatalogue(60);
  });
  afterAll(async () => {
    await scratch.close();
  });

  it('serves the page from memory until the catalogue changes, with each viewer’s own favourites', async () => {
    const { config } = await testServer();
    const database = { db: scratch.db };
    const games = createGamesService(scratch.db, config, createCatalogueCache());
    const query = { page: 1, limit: 16, subCategoryName: 'All Games' };
    const first = await games.list(query, null);
    const game = first.rows[0]!;
    const [fan, other] = await createTestPlayers(database.db, 2);
    await database.db.insert(casinoFavoriteGames).values({ userId: fan!, gameId: game.masterCasinoGameId });
    expect((await games.list(query, fan!)).rows[0]).toMatchObject({ masterCasinoGameId: game.masterCasinoGameId, FavoriteGames: true });
    expect((await games.list(query, other!)).rows[0]).toMatchObject({ masterCasinoGameId: game.masterCasinoGameId, FavoriteGames: false });
    const row = (await games.subCategories({}, fan!)).rows
      .flatMap((category) => category.subCategoryGames)
      .find((tile) => tile.masterCasinoGameId === game.masterCasinoGameId);
    if (row) expect(row.FavoriteGames).toBe(true);

    await database.db.update(casinoGames).set({ isActive: false }).where(eq(casinoGames.id, game.masterCasinoGameId));
    // Changed behind the cache's back: still the cached page.
    expect((await games.list(query, null)).rows[0]!.masterCasinoGameId).toBe(game.masterCasinoGameId);
    await games.catalogueChanged();
    const after = await games.list(query, null);
    expect(after.rows.map((tile) => tile.masterCasinoGameId)).not.toContain(game.masterCasinoGameId);
    expect(after.count).toBe(first.count - 1);
  });

  it('keeps a visitor’s answer as text until the catalogue changes', async () => {
    const { config } = await testServer();
    const games = createGamesService(scratch.db, config, createCatalogueCache());
    const query = { page: 1, limit: 16, subCategoryName: 'All Games' };
    let writes = 0;
    const write = async () => `${++writes}:${JSON.stringify(await games.list(query, null))}`;
    const first = await games.visitorText('games', query, write);
    expect(await games.visitorText('games', query, write)).toBe(first);
    expect(await games.visitorText('games', { ...query, page: 2 }, write)).toMatch(/^2:/);
    await games.catalogueChanged();
    expect(await games.visitorText('games', query, write)).toMatch(/^3:/);
  });
});
