import { randomUUID } from 'node:crypto';
import { LIVE_WINNERS_NAMESPACE } from '@casino/contracts/games';
import type { RotateSeedsResult, SeedPair } from '@casino/contracts/provably-fair';
import { WALLET_NAMESPACE } from '@casino/contracts/realtime';
import type { OpenSessionResult, RoundResult } from '@casino/contracts/rgs';
import { io } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { statementRows } from '../db/client.js';
import { newClient } from '../test/api.js';
import { testServer } from '../test/harness.js';
import type { TestClient } from '../test/http-client.js';
import { fundPlayer, signedInClient } from '../test/signed-in.js';

/**
 * A current pair's server seed is never in an answer (docs/decisions/070-provably-fair.md): every
 * game-server and player endpoint that touches rounds or seeds is called, and every socket event
 * the player's browser hears is kept, while a pair is current; none carries its server seed (in
 * hex of either case, or in base64), though each answer that should shows its hash. Once the pair
 * is rotated, the rotation's answer and the revealed pairs show it, and still never the new one.
 */

const open: { close(): void }[] = [];
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

/** Every payload of every event a socket hears, as JSON text. */
async function listen(namespace: string, client?: TestClient): Promise<string[]> {
  const { baseUrl } = await testServer();
  const heard: string[] = [];
  const socket = io(`${baseUrl}${namespace}`, {
    path: '/socket.io',
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { origin: new URL(baseUrl).origin, ...(client ? { cookie: client.cookieHeader() } : {}) },
  });
  socket.onAny((event: string, ...payload: unknown[]) => heard.push(JSON.stringify([event, ...payload])));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  open.push(socket);
  return heard;
}

/** Ways a seed could be written in an answer. */
function spellings(serverSeed: string): string[] {
  const bytes = Buffer.from(serverSeed, 'hex');
  return [serverSeed.toLowerCase(), serverSeed.toUpperCase(), bytes.toString('base64'), bytes.toString('base64url')];
}

async function serverSeedOf(pairId: number): Promise<string> {
  const { database } = await testServer();
  const [row] = await statementRows<{ server_seed: string }>(database.db, 'select server_seed from rgs_seed_pairs where id = $1', [pairId]);
  return row!.server_seed;
}

interface CatalogueGame {
  masterCasinoGameId: number;
  identifier: string;
  gameType: 'slot' | 'scratch';
}

describe('the server seed before rotation', () => {
  it('is in no answer of the game server or the player API, nor in any socket event, until its pair is rotated', async () => {
    const player = await signedInClient('secret');
    await fundPlayer(player.userId, { gc: 1_000_000, sc: 100_000 });
    const answers: string[] = [];
    const keep = <T>(response: { status: number; body: T }) => {
      expect(response.status).toBe(200);
      answers.push(JSON.stringify(response.body));
      return response.body;
    };
    const walletEvents = await listen(WALLET_NAMESPACE, player.client);
    const winnerEvents = await listen(LIVE_WINNERS_NAMESPACE);

    const games = keep(await (await newClient()).get<{ data: { rows: CatalogueGame[] } }>('casino-games', { limit: 100 })).data.rows;
    const slot = games.find((game) => game.gameType === 'slot')!;
    const scratch = games.find((game) => game.gameType === 'scratch')!;
    const page = await newClient();
    const pages: { token: string }[] = [];
    for (const [game, coin] of [
      [slot, 'SC'],
      [scratch, 'GC'],
    ] as const) {
      const launched = keep(
        await player.client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
          coin,
          gameId: game.masterCasinoGameId,
          isDemo: false,
          isMobile: false,
        }),
      );
      const launchToken = /#launch=(.+)$/.exec(launched.data.gameUrl)![1]!;
      const opened = keep(await page.post<{ data: OpenSessionResult }>('/rgs/api/sessions', { launchToken }));
      pages.push({ token: opened.data.sessionToken });
    }
    const headers = (token: string) => ({ 'x-game-session': token });

    // The current pair, as the game page and the player's API show it.
    const current = keep(await page.request<{ data: SeedPair }>('GET', '/rgs/api/seeds', { headers: headers(pages[0]!.token) })).data;
    expect(keep(await player.client.get<{ data: SeedPair }>('provably-fair/seeds')).data).toEqual(current);

    // Rounds (played, repeated, recalled), the balance, the bet history and the revealed pairs.
    const roundIds: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const { token } = pages[index % 2]!;
      const requestId = randomUUID();
      const body = { bet: index % 2 === 0 ? 0.2 : 0.1, requestId };
      const round = keep(await page.request<{ data: RoundResult }>('POST', '/rgs/api/rounds', { body, headers: headers(token) })).data;
      expect(round.seeds).toMatchObject({ seedPairId: current.id, serverSeedHash: current.serverSeedHash, serverSeed: null });
      roundIds.push(round.roundId);
      if (index === 0) keep(await page.request('POST', '/rgs/api/rounds', { body, headers: headers(token) }));
      keep(await page.request('GET', `/rgs/api/rounds/${round.roundId}`, { headers: headers(token) }));
    }
    keep(await page.request('GET', '/rgs/api/balance', { headers: headers(pages[0]!.token) }));
    for (const coinType of ['SC', 'GC']) {
      const history = keep(await player.client.get<{ data: { rows: { seeds: unknown }[] } }>('casino-games/bets', { coinType })).data;
      expect(history.rows.length).toBeGreaterThan(0);
      for (const row of history.rows) expect(row.seeds).toMatchObject({ serverSeed: null, serverSeedHash: current.serverSeedHash });
    }
    keep(await player.client.get('provably-fair/pairs'));
    keep(await player.client.get('casino-games/recently-played'));
    // A refused client seed answers in the envelope, and rotates nothing.
    const refused = await player.client.put<{ errors: { errorCode: number }[] }>('provably-fair/client-seed', { clientSeed: 'has space' });
    expect(refused.status).toBe(400);
    answers.push(JSON.stringify(refused.body));

    const firstSeed = await serverSeedOf(current.id);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const heard = [...walletEvents, ...winnerEvents];
    expect(walletEvents.length).toBeGreaterThan(0);
    const everything = [...answers, ...heard];
    for (const text of everything) {
      for (const spelling of spellings(firstSeed)) expect(text).not.toContain(spelling);
    }
    expect(answers.some((text) => text.includes(current.serverSeedHash))).toBe(true);

    // Rotating from the game page reveals the first seed, and shows the new pair only as its hash.
    const rotated = keep(
      await page.request<{ data: RotateSeedsResult }>('POST', '/rgs/api/seeds/rotate', { body: {}, headers: headers(pages[1]!.token) }),
    ).data;
    // 12 rounds and the repeated request, whose nonce was taken before its key was found taken.
    expect(rotated.revealed).toMatchObject({ id: current.id, serverSeed: firstSeed, nonce: 13 });
    const secondSeed = await serverSeedOf(rotated.current.id);
    const round = keep(
      await page.request<{ data: RoundResult }>('POST', '/rgs/api/rounds', {
        body: { bet: 0.2, requestId: randomUUID() },
        headers: headers(pages[0]!.token),
      }),
    ).data;
    expect(round.seeds).toMatchObject({ seedPairId: rotated.current.id, nonce: 0, serverSeed: null });
    // A round of the revealed pair now shows its server seed, in the recall and in the history.
    const recalled = keep(
      await page.request<{ data: RoundResult }>('GET', `/rgs/api/rounds/${roundIds[0]}`, { headers: headers(pages[0]!.token) }),
    );
    expect(recalled.data.seeds?.serverSeed).toBe(firstSeed);
    const pairs = keep(await player.client.get<{ data: { rows: { serverSeed: string }[] } }>('provably-fair/pairs')).data;
    expect(pairs.rows.map((row) => row.serverSeed)).toEqual([firstSeed]);
    keep(await player.client.get('provably-fair/seeds'));
    keep(await player.client.get('casino-games/bets', { coinType: 'SC' }));
    const changed = keep(
      await player.client.put<{ data: RotateSeedsResult }>('provably-fair/client-seed', { clientSeed: 'my-own-seed' }),
    ).data;
    expect(changed.revealed.serverSeed).toBe(secondSeed);
    const thirdSeed = await serverSeedOf(changed.current.id);
    keep(await player.client.post('provably-fair/rotate', {}));
    const fourth = keep(await player.client.get<{ data: SeedPair }>('provably-fair/seeds')).data;
    const fourthSeed = await serverSeedOf(fourth.id);

    // Never a seed before its own rotation: the second before the client seed change, the third
    // before the last rotation, the fourth at all.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const before = (until: string) =>
      answers.slice(
        0,
        answers.findIndex((text) => text.includes(until)),
      );
    for (const text of before(secondSeed)) for (const spelling of spellings(secondSeed)) expect(text).not.toContain(spelling);
    for (const text of before(thirdSeed)) for (const spelling of spellings(thirdSeed)) expect(text).not.toContain(spelling);
    for (const text of [...answers, ...walletEvents, ...winnerEvents]) {
      for (const spelling of spellings(fourthSeed)) expect(text).not.toContain(spelling);
    }
    expect(before(secondSeed).length).toBeGreaterThan(0);
    expect(before(thirdSeed).length).toBeGreaterThan(before(secondSeed).length);
  });
});
