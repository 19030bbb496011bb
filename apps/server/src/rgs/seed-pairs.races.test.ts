import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { statementRows } from '../db/client.js';
import { createEventBus } from '../events/event-bus.js';
import { createLedgerService } from '../money/ledger/ledger-service.js';
import { createWalletApiService } from '../money/wallet/service.js';
import { testServer } from '../test/harness.js';
import { fundPlayer, signedInClient } from '../test/signed-in.js';
import { anyGameId } from './test-support.js';
import { createRoundService } from './rounds.js';
import { createSeedPairService } from './seed-pairs.js';
import { createGameSessionService, type GameSession } from './sessions.js';
import { createInProcessWalletClient } from './wallet-client.js';

/**
 * Nonces under concurrent rounds, and what the server's role may change of a pair
 * (docs/decisions/070-provably-fair.md). PostgreSQL only
 * (DATABASE_URL): PGlite runs one statement at a time, so there two rounds never meet.
 */
const onPostgres = Boolean(process.env.DATABASE_URL);

async function sessionsOf(userId: number, client: Awaited<ReturnType<typeof signedInClient>>['client'], count: number) {
  const { database, config } = await testServer();
  const sessions: GameSession[] = [];
  for (let i = 0; i < count; i += 1) {
    const launched = await client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
      coin: 'GC',
      gameId: await anyGameId(),
      isDemo: false,
      isMobile: false,
    });
    const token = /#launch=(.+)$/.exec(launched.body.data.gameUrl)![1]!;
    sessions.push((await createGameSessionService(database.db, config.gameServerSecret).open(token)).session);
  }
  expect(sessions.every((session) => session.userId === userId)).toBe(true);
  return sessions;
}

describe.skipIf(!onPostgres)('seed pairs on PostgreSQL: nonces under concurrent rounds, and the server role’s rights', () => {
  it('gives 40 rounds taken at once by one player, before they had a pair, the nonces 0 … 39, once each, from one pair', async () => {
    const { database } = await testServer();
    // Two services, as two server processes would be.
    const [one, two] = [createSeedPairService(database.db), createSeedPairService(database.db)];
    const player = await signedInClient('race');
    const taken = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? one : two).take(player.userId)));
    expect(new Set(taken.map((seeds) => seeds.pairId)).size).toBe(1);
    expect(taken.map((seeds) => seeds.nonce).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, index) => index));
    expect((await one.current(player.userId)).nonce).toBe(40);
  });

  it('plays two rounds at once from two game pages of one player with two nonces, again and again, and stores each pair and nonce once', async () => {
    const { database } = await testServer();
    const log = { error: () => undefined };
    // Two round services (two processes): rounds of one player go in different groups.
    const servers = [0, 1].map(() =>
      createRoundService(
        database.db,
        createInProcessWalletClient(
          createWalletApiService(database.db, createEventBus(database.db, { log }), createLedgerService(database.db)),
        ),
        log,
        createSeedPairService(database.db),
      ),
    );
    const player = await signedInClient('race');
    await fundPlayer(player.userId, { gc: 1_000_000 });
    const [first, second] = await sessionsOf(player.userId, player.client, 2);
    for (let attempt = 0; attempt < 25; attempt += 1) {
      await Promise.all(
        [first!, second!].map((session, index) =>
          servers[index]!.play(session, { bet: session.title.betSteps[0]! / 100, requestId: randomUUID() }),
        ),
      );
    }
    const rows = await statementRows<{ rounds: number; pairs: number; nonces: number; lowest: number; highest: number }>(
      database.db,
      `select count(*)::int as rounds, count(distinct seed_pair_id)::int as pairs, count(distinct nonce)::int as nonces,
         min(nonce)::int as lowest, max(nonce)::int as highest
       from rgs_rounds where user_id = $1`,
      [player.userId],
    );
    expect(rows[0]).toEqual({ rounds: 50, pairs: 1, nonces: 50, lowest: 0, highest: 49 });
  });

  it('takes no nonce of a revealed pair: rounds racing rotations each draw a nonce of the pair current when they took it, once', async () => {
    const { database } = await testServer();
    const seeds = createSeedPairService(database.db);
    const player = await signedInClient('race');
    await seeds.current(player.userId);
    const work: Promise<unknown>[] = [];
    for (let index = 0; index < 60; index += 1) {
      work.push(index % 15 === 7 ? seeds.rotate(player.userId) : seeds.take(player.userId));
    }
    const results = await Promise.all(work);
    const taken = results.filter(
      (result): result is { pairId: number; nonce: number } => typeof result === 'object' && result !== null && 'nonce' in result,
    );
    const byPair = new Map<number, number[]>();
    for (const one of taken) byPair.set(one.pairId, [...(byPair.get(one.pairId) ?? []), one.nonce]);
    const pairs = await statementRows<{ id: number | string; next_nonce: number | string }>(
      database.db,
      'select id, next_nonce from rgs_seed_pairs where user_id = $1',
      [player.userId],
    );
    expect(pairs).toHaveLength(5);
    for (const pair of pairs) {
      const nonces = (byPair.get(Number(pair.id)) ?? []).sort((a, b) => a - b);
      // Every nonce a pair gave out, once, and its count is where the pair stopped.
      expect(nonces).toEqual(Array.from({ length: Number(pair.next_nonce) }, (_, index) => index));
    }
    expect(taken).toHaveLength(56);
  });

  it("lets the server's role move a pair's nonce and reveal it, never change its seeds nor delete it", async () => {
    const { database } = await testServer();
    const seeds = createSeedPairService(database.db);
    const player = await signedInClient('race');
    const pair = await seeds.current(player.userId);
    for (const statement of [
      `update rgs_seed_pairs set server_seed = repeat('0', 64) where id = $1`,
      `update rgs_seed_pairs set client_seed = 'other' where id = $1`,
      `update rgs_seed_pairs set server_seed_hash = repeat('0', 64) where id = $1`,
      'delete from rgs_seed_pairs where id = $1',
    ]) {
      await expect(statementRows(database.db, statement, [pair.id]), statement).rejects.toMatchObject({ code: '42501' });
    }
    expect(await seeds.current(player.userId)).toEqual(pair);
  });
});
