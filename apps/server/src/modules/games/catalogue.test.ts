import { randomUUID } from 'node:crypto';
import { betHistoryPageSchema, type Game, type Provider, type SubCategory } from '@casino/contracts/games';
import type { OpenSessionResult, RoundResult } from '@casino/contracts/rgs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import type { TestClient } from '../../test/http-client.js';
import { fundPlayer, signedInClient } from '../../test/signed-in.js';
import { getTitle } from '../../rgs/math/index.js';

interface Page {
  rows: Game[];
  count: number;
}

async function gamesPage(query: Record<string, string | number | undefined> = {}): Promise<Page> {
  const client = await newClient();
  const response = await client.get<{ data: Page }>('casino-games', query);
  expect(response.status).toBe(200);
  return response.body.data;
}

describe('GET /casino-games', () => {
  it('serves the seeded catalogue: at least 40 games from at least 4 providers, each with its own artwork', async () => {
    const all = await gamesPage({ limit: 100 });
    expect(all.count).toBeGreaterThanOrEqual(40);
    expect(all.rows).toHaveLength(all.count);
    expect(new Set(all.rows.map((game) => game.brand)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(all.rows.map((game) => game.imageUrl)).size).toBe(all.count);
    for (const game of all.rows) expect(game.imageUrl).toMatch(/^\/rgs\/art\/[a-z0-9-]+\.webp$/);
  });

  it('links every game to a title of the in-house game server, so no tile is dead', async () => {
    const all = await gamesPage({ limit: 100 });
    for (const game of all.rows) {
      const title = getTitle(game.identifier);
      expect(title, game.identifier).toBeDefined();
      expect(title?.kind).toBe(game.gameType);
    }
  });

  it('pages 16 games at a time by default, without overlap', async () => {
    const first = await gamesPage();
    const second = await gamesPage({ page: 2 });
    expect(first.rows).toHaveLength(16);
    expect(second.rows.length).toBeGreaterThan(0);
    expect(second.count).toBe(first.count);
    const firstIds = new Set(first.rows.map((game) => game.masterCasinoGameId));
    expect(second.rows.some((game) => firstIds.has(game.masterCasinoGameId))).toBe(false);
    const last = await gamesPage({ page: Math.ceil(first.count / 16) + 1 });
    expect(last.rows).toEqual([]);
  });

  it('filters by sub-category name, ignoring case, and treats All Games as no filter', async () => {
    const scratchers = await gamesPage({ subCategoryName: 'scratchers', limit: 100 });
    expect(scratchers.count).toBeGreaterThanOrEqual(6);
    expect(scratchers.rows.every((game) => game.gameType === 'scratch')).toBe(true);
    const all = await gamesPage({ subCategoryName: 'All Games' });
    expect(all.count).toBe((await gamesPage()).count);
    expect(await gamesPage({ subCategoryName: 'No Such Category' })).toEqual({ rows: [], count: 0 });
  });

  it('searches names (case-insensitive, anywhere for three letters or more, from the start for fewer)', async () => {
    const dragon = await gamesPage({ search: 'DRAGON' });
    expect(dragon.rows.map((game) => game.name)).toContain('Jade Dragon');
    expect(dragon.rows.every((game) => /dragon/i.test(game.name))).toBe(true);
    const short = await gamesPage({ search: 'ja', limit: 100 });
    expect(short.count).toBeGreaterThan(0);
    expect(short.rows.every((game) => game.name.toLowerCase().startsWith('ja'))).toBe(true);
    expect(await gamesPage({ search: 'zzzqqq' })).toEqual({ rows: [], count: 0 });
    // LIKE wildcards are searched for literally.
    expect((await gamesPage({ search: '%%%' })).count).toBe(0);
  });

  it('combines search, sub-category and provider filters', async () => {
    const providers = await (await newClient()).get<{ data: { providers: Provider[] } }>('casino-games/get-providers');
    const scratchStudio = providers.body.data.providers.find((provider) => provider.name === 'Golden Scratch Co.');
    expect(scratchStudio).toBeDefined();
    const page = await gamesPage({ providerId: scratchStudio?.masterCasinoProviderId, search: 'scratch', limit: 100 });
    expect(page.count).toBeGreaterThan(0);
    expect(page.rows.every((game) => game.brand === 'Golden Scratch Co.' && /scratch/i.test(game.name))).toBe(true);
    const none = await gamesPage({ providerId: scratchStudio?.masterCasinoProviderId, subCategoryName: 'Classic Slots' });
    expect(none.count).toBe(0);
  });

  it('refuses a page size above 100 and a page below 1', async () => {
    const client = await newClient();
    expect((await client.get('casino-games', { limit: 101 })).status).toBe(400);
    expect((await client.get('casino-games', { page: 0 })).status).toBe(400);
  });
});

describe('the shared reads a visitor is sent', () => {
  // A visitor's answer is JSON text kept with the cached read; a signed-in player's is serialized
  // per request (it carries their favourites). Without favourites the two are the same answer.
  it.each([
    ['casino-games', { subCategoryName: 'All Games', limit: 16, page: 1 }],
    ['casino-games', { search: 'dragon' }],
    ['casino-games/sub-category', {}],
    ['casino-games/get-providers', {}],
  ])('%s %j: the same JSON as a signed-in player without favourites gets, twice', async (path, query) => {
    const visitor = await newClient();
    const { client: player } = await signedInClient('vt');
    const first = await visitor.get(path, query);
    const again = await visitor.get(path, query);
    const signedIn = await player.get(path, query);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(again.body).toEqual(first.body);
    expect(first.body).toEqual(signedIn.body);
    const { data } = first.body as { data: { rows?: unknown[]; providers?: unknown[] } };
    expect((data.rows ?? data.providers)?.length).toBeGreaterThan(0);
  });
});

describe('GET /casino-games/sub-category', () => {
  it('lists at least 6 sub-categories with name.EN, image, featured flag and their first games', async () => {
    const response = await (await newClient()).get<{ data: { rows: SubCategory[]; count: number } }>('casino-games/sub-category');
    expect(response.status).toBe(200);
    const { rows } = response.body.data;
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(rows.some((row) => row.isFeatured)).toBe(true);
    for (const row of rows) {
      expect(row.name.EN).toBeTruthy();
      expect(row.imageUrl).toMatch(/^data:image\/svg\+xml,/);
      expect(row.subCategoryGames.length).toBe(Math.min(row.gamesCount, 16));
    }
  });

  it('keeps only sub-categories with a game matching the search or the provider', async () => {
    const client = await newClient();
    const response = await client.get<{ data: { rows: SubCategory[] } }>('casino-games/sub-category', { search: 'scratch' });
    const { rows } = response.body.data;
    expect(rows.map((row) => row.name.EN)).toContain('Scratchers');
    expect(rows.map((row) => row.name.EN)).not.toContain('Classic Slots');
    for (const row of rows) expect(row.subCategoryGames.every((game) => /scratch/i.test(game.name))).toBe(true);

    const providers = await client.get<{ data: { providers: Provider[] } }>('casino-games/get-providers');
    const fruit = providers.body.data.providers.find((provider) => provider.name === 'Lucky Seven Labs');
    const byProvider = await client.get<{ data: { rows: SubCategory[] } }>('casino-games/sub-category', {
      providerId: fruit?.masterCasinoProviderId,
    });
    expect(byProvider.body.data.rows.length).toBeGreaterThan(0);
    for (const row of byProvider.body.data.rows) expect(row.subCategoryGames.every((game) => game.brand === 'Lucky Seven Labs')).toBe(true);
  });
});

describe('GET /casino-games/get-providers', () => {
  it('answers data.providers with the seed fields', async () => {
    const response = await (await newClient()).get<{ data: { providers: Provider[] } }>('casino-games/get-providers');
    expect(response.status).toBe(200);
    expect(response.body.data.providers.length).toBeGreaterThanOrEqual(4);
    for (const provider of response.body.data.providers) {
      expect(provider).toMatchObject({ isActive: true, masterGameAggregatorId: 1 });
      expect(provider.thumbnailUrl).toMatch(/^data:image\/svg\+xml,/);
    }
  });
});

describe('game artwork', () => {
  it('serves each tile as cacheable 300x400 WebP pixels, its drawing as SVG beside it, and 404 for an unknown one', async () => {
    const { rows } = await gamesPage({ limit: 3 });
    const client = await newClient();
    for (const game of rows) {
      const pixels = await client.getBytes(game.imageUrl);
      expect(pixels.status).toBe(200);
      expect(pixels.headers.get('content-type')).toBe('image/webp');
      expect(pixels.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
      expect(await sharp(pixels.body).metadata()).toMatchObject({ format: 'webp', width: 300, height: 400 });
      // A browser that has it asks with its etag and is told it has not changed.
      const again = await client.getBytes(game.imageUrl, { 'if-none-match': pixels.headers.get('etag')! });
      expect(again.status).toBe(304);

      const drawing = await client.get<string>(game.imageUrl.replace(/\.webp$/, '.svg'));
      expect(drawing.status).toBe(200);
      expect(drawing.headers.get('content-type')).toContain('image/svg+xml');
      expect(drawing.body).toContain('<svg');
    }
    expect((await client.get('/rgs/art/no-such-game.webp')).status).toBe(404);
    expect((await client.get('/rgs/art/no-such-game.svg')).status).toBe(404);
    expect((await client.get(rows[0]!.imageUrl.replace(/\.webp$/, '.png'))).status).toBe(404);
  });
});

describe('favourites', () => {
  it('are kept per player, listed newest first, flagged in lists, and refused to visitors', async () => {
    const alice = await signedInClient('fav');
    const bob = await signedInClient('fav');
    const { rows } = await gamesPage({ limit: 3 });
    const [first, second] = rows as [Game, Game];

    const added = await alice.client.post('casino-games/favorite', { request: true, gameId: first.masterCasinoGameId });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe('Added to Favorites');
    await alice.client.post('casino-games/favorite', { request: true, gameId: second.masterCasinoGameId });
    // Setting the same state again changes nothing.
    await alice.client.post('casino-games/favorite', { request: true, gameId: second.masterCasinoGameId });

    const list = await alice.client.get<{ data: Page }>('casino-games/favorite');
    expect(list.body.data.count).toBe(2);
    expect(list.body.data.rows.map((game) => game.masterCasinoGameId)).toEqual([second.masterCasinoGameId, first.masterCasinoGameId]);
    expect(list.body.data.rows.every((game) => game.FavoriteGames)).toBe(true);

    const flagged = await alice.client.get<{ data: Page }>('casino-games', { limit: 3 });
    expect(flagged.body.data.rows.find((game) => game.masterCasinoGameId === first.masterCasinoGameId)?.FavoriteGames).toBe(true);
    const forBob = await bob.client.get<{ data: Page }>('casino-games', { limit: 3 });
    expect(forBob.body.data.rows.every((game) => !game.FavoriteGames)).toBe(true);
    expect((await bob.client.get<{ data: Page }>('casino-games/favorite')).body.data).toEqual({ rows: [], count: 0 });

    const removed = await alice.client.post('casino-games/favorite', { request: false, gameId: first.masterCasinoGameId });
    expect(removed.body.message).toBe('Removed from Favorites');
    const after = await alice.client.get<{ data: Page }>('casino-games/favorite');
    expect(after.body.data.rows.map((game) => game.masterCasinoGameId)).toEqual([second.masterCasinoGameId]);

    const visitor = await newClient();
    expect((await visitor.post('casino-games/favorite', { request: true, gameId: first.masterCasinoGameId })).status).toBe(401);
    expect((await visitor.get('casino-games/favorite')).status).toBe(401);
  });

  it('pages and searches the favourites list, and refuses an unknown game', async () => {
    const player = await signedInClient('fav');
    const { rows } = await gamesPage({ limit: 20 });
    for (const game of rows) await player.client.post('casino-games/favorite', { request: true, gameId: game.masterCasinoGameId });
    const first = await player.client.get<{ data: Page }>('casino-games/favorite', { limit: 16, page: 1 });
    const second = await player.client.get<{ data: Page }>('casino-games/favorite', { limit: 16, page: 2 });
    expect(first.body.data.count).toBe(20);
    expect(first.body.data.rows).toHaveLength(16);
    expect(second.body.data.rows).toHaveLength(4);
    const target = rows[5]!;
    const searched = await player.client.get<{ data: Page }>('casino-games/favorite', { search: target.name });
    expect(searched.body.data.rows.map((game) => game.masterCasinoGameId)).toContain(target.masterCasinoGameId);
    const unknown = await player.client.post('casino-games/favorite', { request: true, gameId: 999_999 });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors?.[0]?.errorCode).toBe(3401);
  });
});

describe('POST /casino-games/launch-game', () => {
  it('refuses visitors with 401', async () => {
    const { rows } = await gamesPage({ limit: 1 });
    const response = await (
      await newClient()
    ).post('casino-games/launch-game', {
      coin: 'SC',
      gameId: rows[0]!.masterCasinoGameId,
      isDemo: false,
      isMobile: false,
    });
    expect(response.status).toBe(401);
  });

  it('answers success, message, a gameUrl carrying a launch token, and the favourite flag', async () => {
    const player = await signedInClient('lau');
    const { rows } = await gamesPage({ limit: 1 });
    const game = rows[0]!;
    await player.client.post('casino-games/favorite', { request: true, gameId: game.masterCasinoGameId });
    const response = await player.client.post<{
      data: { success: boolean; message: string; gameUrl: string; isFavorite: boolean; gameName: string };
    }>('casino-games/launch-game', { coin: 'GC', gameId: game.masterCasinoGameId, isDemo: false, isMobile: true });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ success: true, isFavorite: true, gameName: game.name });
    expect(response.body.data.message).toBeTruthy();
    expect(response.body.data.gameUrl).toMatch(new RegExp(`^/rgs/play/${game.identifier}#launch=[\\w-]+\\.[\\w-]+$`));
  });

  it('refuses demo play and unknown games', async () => {
    const player = await signedInClient('lau');
    const { rows } = await gamesPage({ limit: 1 });
    const demo = await player.client.post('casino-games/launch-game', {
      coin: 'SC',
      gameId: rows[0]!.masterCasinoGameId,
      isDemo: true,
      isMobile: false,
    });
    expect(demo.status).toBe(400);
    expect(demo.body.errors?.[0]?.errorCode).toBe(3400);
    const unknown = await player.client.post('casino-games/launch-game', { coin: 'SC', gameId: 987_654, isDemo: false, isMobile: false });
    expect(unknown.status).toBe(404);
    const badCoin = await player.client.post('casino-games/launch-game', {
      coin: 'XX',
      gameId: rows[0]!.masterCasinoGameId,
      isDemo: false,
      isMobile: false,
    });
    expect(badCoin.status).toBe(400);
  });
});

/** Plays `rounds` rounds of a game in its frame, as the lobby opens it: launch, session, rounds. */
async function playRounds(player: TestClient, gameId: number, rounds: number): Promise<RoundResult[]> {
  const launched = await player.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
    coin: 'SC',
    gameId,
    isDemo: false,
    isMobile: false,
  });
  const launchToken = /#launch=(.+)$/.exec(launched.body.data.gameUrl)?.[1];
  const frame = await newClient();
  const opened = await frame.post<{ data: OpenSessionResult }>('/rgs/api/sessions', { launchToken });
  expect(opened.status).toBe(200);
  const played: RoundResult[] = [];
  for (let i = 0; i < rounds; i += 1) {
    const round = await frame.request<{ data: RoundResult }>('POST', '/rgs/api/rounds', {
      body: { bet: opened.body.data.game.defaultBet, requestId: randomUUID() },
      headers: { 'x-game-session': opened.body.data.sessionToken },
    });
    expect(round.status).toBe(200);
    played.push(round.body.data);
  }
  return played;
}

describe('GET /casino-games/recently-played', () => {
  it('lists the games a player played, most recent first, paged and searchable, for that player only', async () => {
    const player = await signedInClient('rec');
    const other = await signedInClient('rec');
    await fundPlayer(player.userId, { sc: 100_000 });
    const { rows } = await gamesPage({ limit: 3 });
    const [first, second, third] = rows as [Game, Game, Game];
    for (const game of [first, second, third]) await playRounds(player.client, game.masterCasinoGameId, 1);

    // Recently played follows from the rounds' events, delivered just after the rounds answered.
    const list = () => player.client.get<{ data: Page }>('casino-games/recently-played');
    await expect.poll(async () => (await list()).body.data.count).toBe(3);
    const recent = await list();
    expect(recent.body.data.rows.map((game) => game.masterCasinoGameId)).toEqual(
      [third, second, first].map((game) => game.masterCasinoGameId),
    );
    const paged = await player.client.get<{ data: Page }>('casino-games/recently-played', { limit: 2, page: 2 });
    expect(paged.body.data).toMatchObject({ count: 3, rows: [{ masterCasinoGameId: first.masterCasinoGameId }] });
    const searched = await player.client.get<{ data: Page }>('casino-games/recently-played', { search: second.name });
    expect(searched.body.data.rows.map((game) => game.masterCasinoGameId)).toContain(second.masterCasinoGameId);
    expect(searched.body.data.rows.every((game) => game.name.toLowerCase().includes(second.name.toLowerCase()))).toBe(true);
    expect((await other.client.get<{ data: Page }>('casino-games/recently-played')).body.data).toEqual({ rows: [], count: 0 });
  });
});

describe('GET /casino-games/bets', () => {
  it('carries the round number the game showed (roundId), newest first, in the seed fields', async () => {
    const player = await signedInClient('bet');
    await fundPlayer(player.userId, { sc: 100_000 });
    const { rows } = await gamesPage({ limit: 1 });
    const game = rows[0]!;
    const played = await playRounds(player.client, game.masterCasinoGameId, 3);

    const response = await player.client.get('casino-games/bets', { coinType: 'SC' });
    expect(response.status).toBe(200);
    const history = betHistoryPageSchema.parse(response.body.data);
    expect(history.count).toBe(3);
    expect(history.rows.map((row) => row.roundId)).toEqual(played.map((round) => String(round.roundId)).reverse());
    expect(history.rows[0]).toMatchObject({
      game_identifier: game.name,
      bet_amount: played[2]!.bet,
      win_amount: played[2]!.win,
      coinType: 'SC',
      masterCasinoGameId: game.masterCasinoGameId,
    });
  });
});
