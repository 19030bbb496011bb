import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { newClient } from '../../test/api.js';
import { queryRows } from '../../db/client.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer, signedInClient, testLedger } from '../../test/signed-in.js';
import { maskUsername } from '../../realtime/live-winners.js';
import { anyGameId, openSocket, walletCall, type TestSocket } from '../../rgs/test-support.js';

/**
 * The seamless-wallet API as an external game server calls it: real signed HTTP requests.
 * Amounts on the wire are decimals; the ledger keeps hundredths.
 */

async function fundedPlayer(sc = 10_000, gc = 0) {
  const player = await signedInClient('wal');
  await fundPlayer(player.userId, { sc, gc });
  return player;
}

const txId = () => `tx-${randomUUID()}`;
const roundId = () => `round-${randomUUID()}`;

const sockets: TestSocket[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});

describe('seamless wallet: signatures', () => {
  it('refuses a request without a signature, with a wrong one, or with a tampered body', async () => {
    const player = await fundedPlayer();
    const body = { userId: player.userId, coin: 'SC' };
    const unsigned = await walletCall('balance', body, { omitSignature: true });
    expect(unsigned.status).toBe(401);
    expect(unsigned.body.errors?.[0]?.errorCode).toBe(3405);
    const wrongSecret = await walletCall('balance', body, { secret: 'another-secret-another-secret-another' });
    expect(wrongSecret.body.errors?.[0]?.errorCode).toBe(3405);
    const bet = { transactionId: txId(), userId: player.userId, gameId: await anyGameId(), roundId: roundId(), coin: 'SC', amount: 1 };
    const tampered = await walletCall('bet', bet, { sentBody: JSON.stringify({ ...bet, amount: 99 }) });
    expect(tampered.status).toBe(401);
    expect((await (await testLedger()).balances(player.userId)).bsc).toBe(10_000);
  });

  it('refuses an old signature (a replay of a captured request) and one from the future', async () => {
    const player = await fundedPlayer();
    const body = { userId: player.userId, coin: 'SC' };
    const old = await walletCall('balance', body, { timestamp: Date.now() - 5 * 60_000 });
    expect(old.status).toBe(401);
    expect(old.body.errors?.[0]?.errorCode).toBe(3406);
    const future = await walletCall('balance', body, { timestamp: Date.now() + 5 * 60_000 });
    expect(future.body.errors?.[0]?.errorCode).toBe(3406);
    const fresh = await walletCall('balance', body);
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ userId: player.userId, coin: 'SC', balance: 100 });
  });

  it('is documented in the OpenAPI document', async () => {
    const docs = await (await newClient()).get<{ paths: Record<string, { post?: { description?: string } }> }>('/api/docs/json');
    for (const action of ['balance', 'bet', 'win', 'rollback']) {
      expect(docs.body.paths[`/rgs/wallet/${action}`]?.post?.description).toContain('HMAC-SHA256');
    }
  });
});

describe('seamless wallet: bet, win, rollback', () => {
  it('takes a bet and pays a win, answering the balance of the coin before and after', async () => {
    const player = await fundedPlayer(5_000, 20_000);
    const round = roundId();
    const game = await anyGameId();
    const bet = await walletCall('bet', {
      transactionId: txId(),
      userId: player.userId,
      gameId: game,
      roundId: round,
      coin: 'GC',
      amount: 12.5,
    });
    expect(bet.status).toBe(200);
    expect(bet.body.data).toMatchObject({ coin: 'GC', balanceBefore: 200, balance: 187.5, replayed: false });
    const win = await walletCall('win', {
      transactionId: txId(),
      userId: player.userId,
      gameId: game,
      roundId: round,
      coin: 'GC',
      amount: 30,
    });
    expect(win.body.data).toMatchObject({ balanceBefore: 187.5, balance: 217.5 });
    const balances = await (await testLedger()).balances(player.userId);
    expect(balances).toMatchObject({ gc: 21_750, bsc: 5_000 });
  });

  it('moves a repeated bet or win once: the same transaction id answers the first result', async () => {
    const player = await fundedPlayer();
    const game = await anyGameId();
    const round = roundId();
    const bet = { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 5 };
    const first = await walletCall('bet', bet);
    const again = await walletCall('bet', bet);
    expect(first.body.data).toMatchObject({ balance: 95, replayed: false });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ balance: 95, replayed: true });
    const win = { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 7 };
    await walletCall('win', win);
    expect((await walletCall('win', win)).body.data).toMatchObject({ balance: 102, replayed: true });
    const balances = await (await testLedger()).balances(player.userId);
    expect(balances.bsc + balances.psc + balances.wsc).toBe(10_200);
  });

  it('records the prints of its requests as keys recorded before were printed, so an old key still replays', async () => {
    // The canonical print (ledger-service.ts fingerprintOf): SHA-256 of the request's [key, value]
    // pairs sorted by key. The wallet prints the action and the request; the ledger its own
    // movement. Changing either makes every recorded transaction id answer IdempotencyKeyReused.
    const print = (request: Record<string, unknown>) =>
      createHash('sha256')
        .update(
          JSON.stringify(
            Object.keys(request)
              .sort()
              .map((key) => [key, request[key]]),
          ),
        )
        .digest('hex');
    const player = await fundedPlayer();
    const gameId = await anyGameId();
    const round = roundId();
    const bet = { transactionId: txId(), userId: player.userId, gameId, roundId: round, coin: 'SC', amount: 5 };
    const win = { ...bet, transactionId: txId(), amount: 7 };
    expect((await walletCall('bet', bet)).status).toBe(200);
    expect((await walletCall('win', win)).status).toBe(200);
    const { database } = await testServer();
    const reference = `round:${gameId}:${round}`;
    for (const [action, operation, request] of [
      ['bet', 'debitBet', bet],
      ['win', 'creditWin', win],
    ] as const) {
      const hundredths = { ...request, amount: request.amount * 100 };
      const [wallet] = await queryRows<{ fingerprint: string }>(
        database.db,
        sql`select fingerprint from casino_wallet_transactions where transaction_id = ${request.transactionId}`,
      );
      expect(wallet?.fingerprint, action).toBe(print({ action, ...hundredths }));
      const [ledger] = await queryRows<{ fingerprint: string }>(
        database.db,
        sql`select fingerprint from ledger_transfers where idempotency_key = ${`wallet:${action}:${request.transactionId}`}`,
      );
      expect(ledger?.fingerprint, action).toBe(
        print({ operation, userId: player.userId, coin: 'SC', amount: hundredths.amount, reference }),
      );
    }
  });

  it('moves concurrent copies of one bet once', async () => {
    const player = await fundedPlayer();
    const bet = { transactionId: txId(), userId: player.userId, gameId: await anyGameId(), roundId: roundId(), coin: 'SC', amount: 3 };
    const answers = await Promise.all(Array.from({ length: 8 }, () => walletCall('bet', bet)));
    expect(answers.every((answer) => answer.status === 200 && answer.body.data?.balance === 97)).toBe(true);
    const balances = await (await testLedger()).balances(player.userId);
    expect(balances.bsc).toBe(9_700);
  });

  it('refuses a transaction id reused for a different request', async () => {
    const player = await fundedPlayer();
    const id = txId();
    const game = await anyGameId();
    await walletCall('bet', { transactionId: id, userId: player.userId, gameId: game, roundId: roundId(), coin: 'SC', amount: 1 });
    const reused = await walletCall('bet', {
      transactionId: id,
      userId: player.userId,
      gameId: game,
      roundId: roundId(),
      coin: 'SC',
      amount: 2,
    });
    expect(reused.status).toBe(409);
    expect(reused.body.errors?.[0]?.errorCode).toBe(3011);
  });

  it("refuses a bet larger than the balance and tells the player's wallet socket", async () => {
    const player = await fundedPlayer(500);
    const socket = await openSocket('/wallet', player.client);
    sockets.push(socket);
    const heard = socket.next<{ coin: string; message: string }>('INSUFFICIENT_BALANCE');
    const refused = await walletCall('bet', {
      transactionId: txId(),
      userId: player.userId,
      gameId: await anyGameId(),
      roundId: roundId(),
      coin: 'SC',
      amount: 5.01,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.[0]).toMatchObject({ errorCode: 3012, description: 'You do not have sufficient coins' });
    expect(await heard).toEqual({ coin: 'SC', message: 'You do not have sufficient coins' });
    expect((await (await testLedger()).balances(player.userId)).bsc).toBe(500);
  });

  it('refuses a win for a round without a bet, or for another player or coin', async () => {
    const player = await fundedPlayer();
    const other = await fundedPlayer();
    const game = await anyGameId();
    const orphan = await walletCall('win', {
      transactionId: txId(),
      userId: player.userId,
      gameId: game,
      roundId: roundId(),
      coin: 'SC',
      amount: 5,
    });
    expect(orphan.body.errors?.[0]?.errorCode).toBe(3407);
    const round = roundId();
    await walletCall('bet', { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 1 });
    const stolen = await walletCall('win', {
      transactionId: txId(),
      userId: other.userId,
      gameId: game,
      roundId: round,
      coin: 'SC',
      amount: 5,
    });
    expect(stolen.body.errors?.[0]?.errorCode).toBe(3409);
    const otherCoin = await walletCall('win', {
      transactionId: txId(),
      userId: player.userId,
      gameId: game,
      roundId: round,
      coin: 'GC',
      amount: 5,
    });
    expect(otherCoin.body.errors?.[0]?.errorCode).toBe(3409);
  });

  it('rolls a bet back exactly, once, and not after its win', async () => {
    const player = await fundedPlayer(1_000);
    const game = await anyGameId();
    const round = roundId();
    const betId = txId();
    await walletCall('bet', { transactionId: betId, userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 4 });
    const rollback = { transactionId: txId(), betTransactionId: betId, userId: player.userId, gameId: game, roundId: round };
    const undone = await walletCall('rollback', rollback);
    expect(undone.body.data).toMatchObject({ balance: 10, replayed: false });
    expect((await walletCall('rollback', rollback)).body.data).toMatchObject({ balance: 10, replayed: true });
    const second = await walletCall('rollback', { ...rollback, transactionId: txId() });
    expect(second.body.errors?.[0]?.errorCode).toBe(3408);
    expect((await (await testLedger()).balances(player.userId)).bsc).toBe(1_000);

    const settledRound = roundId();
    const settledBet = txId();
    await walletCall('bet', {
      transactionId: settledBet,
      userId: player.userId,
      gameId: game,
      roundId: settledRound,
      coin: 'SC',
      amount: 1,
    });
    await walletCall('win', { transactionId: txId(), userId: player.userId, gameId: game, roundId: settledRound, coin: 'SC', amount: 0 });
    const late = await walletCall('rollback', {
      transactionId: txId(),
      betTransactionId: settledBet,
      userId: player.userId,
      gameId: game,
      roundId: settledRound,
    });
    expect(late.body.errors?.[0]?.errorCode).toBe(3410);
  });

  it('records a rollback that arrives before its bet, and then refuses that bet', async () => {
    const player = await fundedPlayer(1_000);
    const game = await anyGameId();
    const round = roundId();
    const betId = txId();
    const early = await walletCall('rollback', {
      transactionId: txId(),
      betTransactionId: betId,
      userId: player.userId,
      gameId: game,
      roundId: round,
    });
    expect(early.status).toBe(200);
    expect(early.body.data).toMatchObject({ balance: 10 });
    const bet = await walletCall('bet', {
      transactionId: betId,
      userId: player.userId,
      gameId: game,
      roundId: round,
      coin: 'SC',
      amount: 4,
    });
    expect(bet.body.errors?.[0]?.errorCode).toBe(3408);
    expect((await (await testLedger()).balances(player.userId)).bsc).toBe(1_000);
  });

  it('validates amounts: positive bets, at most two decimals', async () => {
    const player = await fundedPlayer();
    const game = await anyGameId();
    const base = { userId: player.userId, gameId: game, roundId: roundId(), coin: 'SC' };
    expect((await walletCall('bet', { ...base, transactionId: txId(), amount: 0 })).status).toBe(400);
    expect((await walletCall('bet', { ...base, transactionId: txId(), amount: 1.005 })).status).toBe(400);
    expect((await walletCall('bet', { ...base, transactionId: txId(), amount: -1 })).status).toBe(400);
  });
});

describe('bet history and recently played come from the rounds reported to the wallet', () => {
  it('lists rounds newest first with the seed fields, filtered by coin and dates, paged by 10', async () => {
    const player = await fundedPlayer(100_000, 100_000);
    const game = await anyGameId();
    for (let i = 0; i < 12; i += 1) {
      const round = roundId();
      const coin = i % 3 === 0 ? 'GC' : 'SC';
      await walletCall('bet', { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin, amount: i + 1 });
      await walletCall('win', {
        transactionId: txId(),
        userId: player.userId,
        gameId: game,
        roundId: round,
        coin,
        amount: i % 2 === 0 ? 2 * (i + 1) : 0,
      });
    }
    type BetPage = { data: { rows: Record<string, unknown>[]; count: number } };
    const first = await player.client.get<BetPage>('casino-games/bets');
    expect(first.status).toBe(200);
    expect(first.body.data.count).toBe(12);
    expect(first.body.data.rows).toHaveLength(10);
    const newest = first.body.data.rows[0]!;
    expect(newest).toMatchObject({ bet_amount: 12, win_amount: 0, coinType: 'SC' });
    expect(Object.keys(newest)).toEqual(expect.arrayContaining(['game_id', 'created_at', 'game_identifier', 'bet_amount', 'win_amount']));
    expect(typeof newest.game_identifier).toBe('string');
    const second = await player.client.get<BetPage>('casino-games/bets', { page: 2 });
    expect(second.body.data.rows).toHaveLength(2);

    const gc = await player.client.get<BetPage>('casino-games/bets', { coinType: 'GC', limit: 20 });
    expect(gc.body.data.count).toBe(4);
    expect(gc.body.data.rows.every((row) => row.coinType === 'GC')).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect((await player.client.get<BetPage>('casino-games/bets', { startDate: today, endDate: today })).body.data.count).toBe(12);
    expect((await player.client.get<BetPage>('casino-games/bets', { startDate: tomorrow })).body.data.count).toBe(0);
    expect((await player.client.get<BetPage>('casino-games/bets', { endDate: yesterday })).body.data.count).toBe(0);
    expect((await player.client.get('casino-games/bets', { startDate: 'yesterday' })).status).toBe(400);

    const other = await signedInClient('wal');
    expect((await other.client.get<BetPage>('casino-games/bets')).body.data.count).toBe(0);
    expect((await (await newClient()).get('casino-games/bets')).status).toBe(401);
  });

  it('leaves a rolled-back bet out of the history', async () => {
    const player = await fundedPlayer();
    const game = await anyGameId();
    const round = roundId();
    const betId = txId();
    await walletCall('bet', { transactionId: betId, userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 1 });
    await walletCall('rollback', { transactionId: txId(), betTransactionId: betId, userId: player.userId, gameId: game, roundId: round });
    const history = await player.client.get<{ data: { count: number } }>('casino-games/bets');
    expect(history.body.data.count).toBe(0);
  });

  it('lists recently played games, last played first', async () => {
    const player = await fundedPlayer();
    const games = (await (await newClient()).get<{ data: { rows: { masterCasinoGameId: number }[] } }>('casino-games', { limit: 3 })).body
      .data.rows;
    for (const game of games) {
      await walletCall('bet', {
        transactionId: txId(),
        userId: player.userId,
        gameId: game.masterCasinoGameId,
        roundId: roundId(),
        coin: 'SC',
        amount: 1,
      });
    }
    // Playing the first again moves it to the top.
    await walletCall('bet', {
      transactionId: txId(),
      userId: player.userId,
      gameId: games[0]!.masterCasinoGameId,
      roundId: roundId(),
      coin: 'SC',
      amount: 1,
    });
    const recent = await player.client.get<{ data: { rows: { masterCasinoGameId: number }[]; count: number } }>(
      'casino-games/recently-played',
    );
    expect(recent.body.data.count).toBe(3);
    expect(recent.body.data.rows.map((game) => game.masterCasinoGameId)).toEqual([
      games[0]!.masterCasinoGameId,
      games[2]!.masterCasinoGameId,
      games[1]!.masterCasinoGameId,
    ]);
    const paged = await player.client.get<{ data: { rows: unknown[] } }>('casino-games/recently-played', { limit: 2, page: 2 });
    expect(paged.body.data.rows).toHaveLength(1);
    expect((await (await newClient()).get('casino-games/recently-played')).status).toBe(401);
  });
});

describe('live winners', () => {
  it('lists the latest wins newest first with masked names, and pushes LIVE_GAME_WINNERS on every win', async () => {
    const player = await fundedPlayer();
    const game = await anyGameId();
    const socket = await openSocket('/live-winners');
    sockets.push(socket);
    // A new listener hears the current list first.
    await socket.next('LIVE_GAME_WINNERS');
    const round = roundId();
    await walletCall('bet', { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 2 });
    const pushed = socket.next<{ rows: Record<string, unknown>[] }>('LIVE_GAME_WINNERS');
    await walletCall('win', { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 8.5 });
    const list = await pushed;
    // A masked name, never the player's internal id.
    expect(list.rows[0]).toMatchObject({ username: maskUsername(player.username), amount: 8.5, currency: 'SC' });
    expect(list.rows[0]).not.toHaveProperty('userId');
    expect(list.rows[0]!.gameName).toBeTruthy();

    const latest = await (await newClient()).get<{ data: { rows: Record<string, unknown>[]; count: number } }>('casino-games/live-winners');
    expect(latest.body.data.rows[0]).toMatchObject({ username: maskUsername(player.username), amount: 8.5 });
    expect(latest.body.data.count).toBeLessThanOrEqual(10);
  });

  it('keeps only the latest 10', async () => {
    const player = await fundedPlayer(100_000);
    const game = await anyGameId();
    for (let i = 0; i < 11; i += 1) {
      const round = roundId();
      await walletCall('bet', { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 1 });
      await walletCall('win', { transactionId: txId(), userId: player.userId, gameId: game, roundId: round, coin: 'SC', amount: 1 + i });
    }
    const latest = await (await newClient()).get<{ data: { rows: { amount: number }[]; count: number } }>('casino-games/live-winners');
    expect(latest.body.data.count).toBe(10);
    expect(latest.body.data.rows.map((row) => row.amount)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });
});
