import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { RevealedPairsPage, RotateSeedsResult, SeedPair } from '@casino/contracts/provably-fair';
import type { RoundResult } from '@casino/contracts/rgs';
import { describe, expect, it } from 'vitest';
import { statementRows } from '../db/client.js';
import { createEventBus } from '../events/event-bus.js';
import { createLedgerService } from '../money/ledger/ledger-service.js';
import { createWalletApiService } from '../money/wallet/service.js';
import { newClient } from '../test/api.js';
import { testServer } from '../test/harness.js';
import { fundPlayer, signedInClient, testLedger } from '../test/signed-in.js';
import { getTitle } from './math/index.js';
import { createRoundService } from './rounds.js';
import { createSeedPairService, type SeedPairService } from './seed-pairs.js';
import { createGameSessionService, type GameSession } from './sessions.js';
import { createInProcessWalletClient } from './wallet-client.js';

/**
 * The proof of provably fair play (docs/decisions/070-provably-fair.md): 10,000 rounds played
 * through the round service over several seed pairs and every math profile, the pairs rotated
 * through the player's API, then every round drawn again from the revealed seeds by the
 * standalone verifier (scripts/verify-round.mjs, spawned as a player would run it) and found equal
 * to the round as it was played and stored.
 */

const ROUNDS = 10_000;
const PAIRS = 4;
/** Rounds in flight at once (the round service groups them, as it does a busy server's). */
const AT_ONCE = 256;
const repositoryRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const verifier = path.join(repositoryRoot, 'scripts/verify-round.mjs');

interface CatalogueGame {
  masterCasinoGameId: number;
  identifier: string;
}

/** One title of every math profile the catalogue has. */
async function titlesOfEveryProfile(): Promise<CatalogueGame[]> {
  const response = await (await newClient()).get<{ data: { rows: CatalogueGame[] } }>('casino-games', { limit: 100 });
  const byProfile = new Map<string, CatalogueGame>();
  for (const game of response.body.data.rows) {
    const profile = getTitle(game.identifier)?.profile.id;
    if (profile && !byProfile.has(profile)) byProfile.set(profile, game);
  }
  return [...byProfile.values()];
}

interface VerifiedLine {
  kind?: 'slot' | 'scratch';
  error?: string;
  stops?: number[];
  grid?: string[][];
  cells?: string[];
  winningSymbol?: string | null;
  win?: number;
  multiplier?: number;
  serverSeedHash?: string;
}

/** Runs the standalone verifier over JSON lines, as `node scripts/verify-round.mjs --lines` (the product's Node). */
function runVerifier(inputs: readonly object[]): Promise<VerifiedLine[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [verifier, '--lines'], { stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`the verifier exited ${code}: ${err}`));
      else
        resolve(
          out
            .trim()
            .split('\n')
            .map((line) => JSON.parse(line) as VerifiedLine),
        );
    });
    child.stdin.end(inputs.map((input) => JSON.stringify(input)).join('\n'));
  });
}

describe('provably fair rounds', () => {
  it(`plays ${ROUNDS} rounds over ${PAIRS} seed pairs, and the standalone verifier draws every one again from the revealed seeds`, async () => {
    const { database, config } = await testServer();
    const log = { error: () => undefined };
    // Groups of up to 256 rounds (64 in production): the embedded database runs one statement at a
    // time, and what is proven here is the draw, not the grouping (round-groups.test.ts).
    const wallet = createWalletApiService(database.db, createEventBus(database.db, { log }), createLedgerService(database.db), undefined, {
      maxSize: AT_ONCE,
    });
    const rounds = createRoundService(database.db, createInProcessWalletClient(wallet), log, createSeedPairService(database.db));
    const player = await signedInClient('fair');
    await fundPlayer(player.userId, { gc: 100_000_000 });
    const sessions: GameSession[] = [];
    for (const game of await titlesOfEveryProfile()) {
      const launched = await player.client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
        coin: 'GC',
        gameId: game.masterCasinoGameId,
        isDemo: false,
        isMobile: false,
      });
      const token = /#launch=(.+)$/.exec(launched.body.data.gameUrl)![1]!;
      sessions.push((await createGameSessionService(database.db, config.gameServerSecret).open(token)).session);
    }
    expect(new Set(sessions.map((session) => session.title.profile.id)).size).toBe(8);

    const hashes: string[] = [];
    const played: RoundResult[] = [];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      const current = await player.client.get<{ data: SeedPair }>('provably-fair/seeds');
      expect(current.status).toBe(200);
      expect(current.body.data.nonce).toBe(0);
      hashes.push(current.body.data.serverSeedHash);
      for (let first = pair * (ROUNDS / PAIRS); first < (pair + 1) * (ROUNDS / PAIRS); first += AT_ONCE) {
        const count = Math.min(AT_ONCE, (pair + 1) * (ROUNDS / PAIRS) - first);
        const batch = Array.from({ length: count }, (_, index) => {
          const session = sessions[(first + index) % sessions.length]!;
          return rounds.play(session, { bet: session.title.betSteps[0]! / 100, requestId: randomUUID() });
        });
        played.push(...(await Promise.all(batch)));
      }
      // Every other pair ends with a client seed of the player's own, the others with a plain rotation.
      const rotated =
        pair % 2 === 0
          ? await player.client.put<{ data: RotateSeedsResult }>('provably-fair/client-seed', { clientSeed: `lucky-${pair}` })
          : await player.client.post<{ data: RotateSeedsResult }>('provably-fair/rotate', {});
      expect(rotated.status).toBe(200);
      expect(rotated.body.data.revealed.serverSeedHash).toBe(hashes[pair]);
      expect(rotated.body.data.revealed.nonce).toBe(ROUNDS / PAIRS);
      if (pair % 2 === 0) expect(rotated.body.data.current.clientSeed).toBe(`lucky-${pair}`);
    }
    expect(played).toHaveLength(ROUNDS);

    // The revealed pairs, as the player reads them.
    const pairs = await player.client.get<{ data: RevealedPairsPage }>('provably-fair/pairs', { limit: 100 });
    expect(pairs.body.data.count).toBe(PAIRS);
    const revealed = new Map(pairs.body.data.rows.map((row) => [row.id, row]));
    expect(pairs.body.data.rows.map((row) => row.serverSeedHash).reverse()).toEqual(hashes);

    // Nonces: each pair's rounds drew 0 … n-1, each once.
    const byPair = new Map<number, number[]>();
    for (const round of played) {
      expect(round.seeds).not.toBeNull();
      expect(round.seeds!.serverSeed).toBeNull();
      byPair.set(round.seeds!.seedPairId, [...(byPair.get(round.seeds!.seedPairId) ?? []), round.seeds!.nonce]);
    }
    expect(byPair.size).toBe(PAIRS);
    for (const nonces of byPair.values()) {
      expect(nonces.sort((a, b) => a - b)).toEqual(Array.from({ length: ROUNDS / PAIRS }, (_, index) => index));
    }

    // The stored rounds carry the same pair and nonce as their answers.
    const stored = await statementRows<{ id: string | number; seed_pair_id: string | number; nonce: string | number; title_id: string }>(
      database.db,
      'select id, seed_pair_id, nonce, title_id from rgs_rounds where user_id = $1',
      [player.userId],
    );
    expect(stored).toHaveLength(ROUNDS);
    const storedById = new Map(stored.map((row) => [Number(row.id), row]));

    const inputs = played.map((round) => {
      const row = storedById.get(round.roundId)!;
      expect(Number(row.seed_pair_id)).toBe(round.seeds!.seedPairId);
      expect(Number(row.nonce)).toBe(round.seeds!.nonce);
      const pair = revealed.get(round.seeds!.seedPairId)!;
      expect(pair.clientSeed).toBe(round.seeds!.clientSeed);
      return { serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce: round.seeds!.nonce, game: row.title_id, bet: round.bet };
    });
    const started = Date.now();
    const verified = await runVerifier(inputs);
    expect(verified).toHaveLength(ROUNDS);
    let equal = 0;
    played.forEach((round, index) => {
      const again = verified[index]!;
      expect(again.error).toBeUndefined();
      expect(again.serverSeedHash).toBe(round.seeds!.serverSeedHash);
      expect(again.win).toBe(round.win);
      expect(again.multiplier).toBeCloseTo(round.win / round.bet, 9);
      if (round.outcome.kind === 'slot') {
        expect(again).toMatchObject({ kind: 'slot', stops: round.outcome.stops, grid: round.outcome.grid });
      } else {
        expect(again).toMatchObject({ kind: 'scratch', cells: round.outcome.cells, winningSymbol: round.outcome.winningSymbol });
      }
      equal += 1;
    });
    expect(equal).toBe(ROUNDS);
    // Both kinds of game, winning and losing rounds, were played and checked.
    expect(played.some((round) => round.outcome.kind === 'slot' && round.win > 0)).toBe(true);
    expect(played.some((round) => round.outcome.kind === 'scratch' && round.win > 0)).toBe(true);
    expect(played.some((round) => round.win === 0)).toBe(true);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 300_000);

  it('charges nothing and answers 503 when the round cannot take its nonce', async () => {
    const { database, config } = await testServer();
    const log = { error: () => undefined };
    const wallet = createWalletApiService(database.db, createEventBus(database.db, { log }), createLedgerService(database.db));
    const broken: SeedPairService = {
      ...createSeedPairService(database.db),
      take: () => Promise.reject(new Error('connection lost')),
    };
    const rounds = createRoundService(database.db, createInProcessWalletClient(wallet), log, broken);
    const player = await signedInClient('fair');
    await fundPlayer(player.userId, { gc: 10_000 });
    const [game] = await titlesOfEveryProfile();
    const launched = await player.client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
      coin: 'GC',
      gameId: game!.masterCasinoGameId,
      isDemo: false,
      isMobile: false,
    });
    const token = /#launch=(.+)$/.exec(launched.body.data.gameUrl)![1]!;
    const { session } = await createGameSessionService(database.db, config.gameServerSecret).open(token);
    const played = rounds.play(session, { bet: session.title.betSteps[0]! / 100, requestId: randomUUID() });
    await expect(played).rejects.toMatchObject({
      errorName: 'ServiceUnavailable',
      message: expect.stringContaining('Nothing was charged'),
    });
    const [row] = await statementRows<{ rounds: number }>(
      database.db,
      'select count(*)::int as rounds from rgs_rounds where user_id = $1',
      [player.userId],
    );
    expect(row!.rounds).toBe(0);
    expect((await (await testLedger()).balances(player.userId)).gc).toBe(10_000);
  });
});
