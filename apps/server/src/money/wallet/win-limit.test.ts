import { randomUUID } from 'node:crypto';
import { hundredths } from '@casino/contracts/money';
import { describe, expect, it } from 'vitest';
import { statementRows } from '../../db/client.js';
import { createEventBus } from '../../events/event-bus.js';
import { AppError } from '../../http/errors.js';
import { createLedgerService } from '../ledger/ledger-service.js';
import { signedInOperator } from '../../modules/admin/test-support.js';
import { testServer } from '../../test/harness.js';
import { fundPlayer, signedInClient, testLedger } from '../../test/signed-in.js';
import { getTitle, maxWinMultiplier } from '../../rgs/math/index.js';
import { anyGameId, walletCall, type RawResponse } from '../../rgs/test-support.js';
import { WALLET_BET_WIN_COLUMNS } from './round-groups.js';
import { createWalletApiService, type InstantRoundRow, type RefusedWin } from './service.js';

/**
 * Every win has an upper bound (docs/decisions/058-win-limits.md): a win is at most its game's max win multiplier
 * times the round's bets (an in-house title's from its math, another game's configured on its
 * row). Above it, the win is refused whole on every path that pays one (a win, a bet and its win
 * in one call, a group of rounds): nothing is paid, the call takes no bet, and the refused win is
 * recorded for the money desk with a money alert. A win at the limit is paid.
 */

type Row = Record<string, unknown>;
async function rows(text: string, values: unknown[] = []): Promise<Row[]> {
  return statementRows<Row>((await testServer()).database.db, text, values);
}

const txId = () => `tx-${randomUUID()}`;
const newRoundId = () => `round-${randomUUID()}`;

/** A game of an outside studio (not in the lobby), with its own limit when given. */
async function outsideGame(maxWinMultiplier?: number): Promise<number> {
  const tag = randomUUID().slice(0, 8);
  const [provider] = await rows(
    `insert into casino_providers (slug, name, thumbnail_url, aggregator_id, is_active)
     values ($1, 'Outside Studio', 'data:,', 2, false) returning id`,
    [`outside-${tag}`],
  );
  const [game] = await rows(
    `insert into casino_games (identifier, name, provider_id, game_type, image_url, is_active)
     values ($1, $2, $3, 'slot', 'data:,', false) returning id`,
    [`outside-game-${tag}`, `Outside Slot ${tag}`, provider!.id],
  );
  const id = Number(game!.id);
  if (maxWinMultiplier !== undefined) await rows('update casino_games set max_win_multiplier = $1 where id = $2', [maxWinMultiplier, id]);
  return id;
}

async function gcPlayer(gc = 100_00) {
  const player = await signedInClient('cap');
  await fundPlayer(player.userId, { gc });
  return player.userId;
}

const gcBalance = async (userId: number) => (await (await testLedger()).balances(userId)).gc;

/** The ledger's transfers of a round, by reason. */
async function roundTransfers(gameId: number, roundId: string): Promise<string[]> {
  return (await rows('select reason from ledger_transfers where reference = $1 order by id', [`round:${gameId}:${roundId}`])).map((row) =>
    String(row.reason),
  );
}

/** A round of the in-house game server for this player and game: its game session opened from the player's login session. */
async function roundRowOf(userId: number, gameId: number): Promise<InstantRoundRow> {
  const tag = randomUUID();
  const [session] = await rows(
    `insert into rgs_game_sessions (token_hash, launch_id, user_id, casino_game_id, title_id, coin, expires_at, casino_session_id)
     select $1, $1, $2, $3, 'outside-title', 'GC', now() + interval '1 hour', id from sessions where user_id = $2 limit 1
     returning id, casino_session_id`,
    [tag, userId, gameId],
  );
  const [round] = await rows(`select nextval(pg_get_serial_sequence('rgs_rounds', 'id')) as id`);
  return {
    id: Number(round!.id),
    sessionId: Number(session!.id),
    requestId: tag,
    titleId: 'outside-title',
    profileId: 'outside-profile',
    outcome: {},
    createdAt: new Date(),
    casinoSessionId: Number(session!.casino_session_id),
    locationCheckId: null,
    seedPairId: null,
    nonce: null,
  };
}

const refusalOf = (response: RawResponse) => response.body.errors?.[0];

async function refusedWinsOf(roundId: string): Promise<Row[]> {
  return rows(
    `select user_id::int as "userId", game_id::int as "gameId", coin, bet_amount::int as bet, win_amount::bigint::text as win,
       max_win_multiplier as "maxWinMultiplier", max_win::bigint::text as "maxWin"
     from refused_wins where round_id = $1`,
    [roundId],
  );
}

/** What an operator of the money desk sees of a refused win: its row and its money alert. */
async function seenByOperator(roundId: string) {
  const { client } = await signedInOperator(['payments']);
  const refused = await client.get<{ data: { rows: Row[] } }>('/api/admin/money/refused-wins', { limit: 100 });
  const overview = await client.get<{ data: { alerts: { kind: string; summary: string }[] } }>('/api/admin/reconciliation');
  return {
    row: refused.body.data.rows.find((row) => row.roundId === roundId),
    alert: overview.body.data.alerts.find((alert) => alert.summary.includes(roundId)),
  };
}

describe('a win above its game’s limit, sent by a game server', () => {
  it('is refused (the audit’s 10,000,000 GC on a 0.01 GC bet): nothing paid, the round open, the money desk alerted', async () => {
    const gameId = await outsideGame();
    const userId = await gcPlayer();
    const roundId = newRoundId();
    const base = { userId, gameId, roundId, coin: 'GC' };
    expect((await walletCall('bet', { ...base, transactionId: txId(), amount: 0.01 })).status).toBe(200);
    const before = await gcBalance(userId);

    const win = await walletCall('win', { ...base, transactionId: txId(), amount: 10_000_000 });
    expect(win.status).toBe(422);
    expect(refusalOf(win)).toMatchObject({
      errorCode: 3412,
      name: 'WinAboveLimit',
      description: "This win is above the game's maximum win for the round's bet. Nothing was paid.",
      details: { gameId, roundId, coin: 'GC', bet: 0.01, win: 10_000_000, maxWin: 100, maxWinMultiplier: 10_000 },
    });
    expect(await gcBalance(userId)).toBe(before);
    expect(await roundTransfers(gameId, roundId)).toEqual(['bet']);
    expect(await rows('select status from casino_bets where game_id = $1 and round_id = $2', [gameId, roundId])).toEqual([
      { status: 'open' },
    ]);
    expect(await refusedWinsOf(roundId)).toEqual([
      { userId, gameId, coin: 'GC', bet: 1, win: '1000000000', maxWinMultiplier: 10_000, maxWin: '10000' },
    ]);
    const seen = await seenByOperator(roundId);
    expect(seen.row).toMatchObject({
      userId,
      gameId,
      roundId,
      coin: 'GC',
      bet: 0.01,
      win: 10_000_000,
      maxWin: 100,
      maxWinMultiplier: 10_000,
    });
    expect(seen.alert?.kind).toBe('win_above_limit');
    expect(seen.alert?.summary).toContain(
      'Refused a win of 10,000,000.00 GC on a bet of 0.01 GC: above the maximum of 100.00 GC (10,000x the bet)',
    );
  });

  it("pays a win of exactly the game's limit times the round's bets, and refuses one hundredth more", async () => {
    const gameId = await outsideGame(50);
    const userId = await gcPlayer();
    const paidRound = newRoundId();
    for (const amount of [0.02, 0.03]) {
      expect((await walletCall('bet', { userId, gameId, roundId: paidRound, coin: 'GC', transactionId: txId(), amount })).status).toBe(200);
    }
    const paid = await walletCall('win', { userId, gameId, roundId: paidRound, coin: 'GC', transactionId: txId(), amount: 2.5 });
    expect(paid.status).toBe(200);
    expect(paid.body.data).toMatchObject({ balance: 102.45 });

    const refusedRound = newRoundId();
    for (const amount of [0.02, 0.03]) {
      await walletCall('bet', { userId, gameId, roundId: refusedRound, coin: 'GC', transactionId: txId(), amount });
    }
    const above = await walletCall('win', { userId, gameId, roundId: refusedRound, coin: 'GC', transactionId: txId(), amount: 2.51 });
    expect(refusalOf(above)).toMatchObject({ errorCode: 3412, details: { bet: 0.05, win: 2.51, maxWin: 2.5, maxWinMultiplier: 50 } });
    expect(await gcBalance(userId)).toBe(100_00 - 5 + 250 - 5);
  });

  it("holds an in-house title's wins to the maximum of its math", async () => {
    const gameId = await anyGameId();
    const [game] = await rows('select identifier, max_win_multiplier as multiplier from casino_games where id = $1', [gameId]);
    const title = getTitle(String(game!.identifier))!;
    expect(game!.multiplier).toBe(maxWinMultiplier(title));
    const userId = await gcPlayer(10_000_00);
    const bet = title.betSteps[0]!;
    const limit = maxWinMultiplier(title) * bet;
    for (const [win, status] of [
      [limit, 200],
      [limit + 1, 422],
    ] as const) {
      const roundId = newRoundId();
      await walletCall('bet', { userId, gameId, roundId, coin: 'GC', transactionId: txId(), amount: bet / 100 });
      const answer = await walletCall('win', { userId, gameId, roundId, coin: 'GC', transactionId: txId(), amount: win / 100 });
      expect(answer.status).toBe(status);
    }
  });
});

describe('a bet and its win in one call, above the limit', () => {
  it('is refused whole: no bet taken, no round, no transfer; a repeat records nothing more', async () => {
    const gameId = await outsideGame();
    const userId = await gcPlayer();
    const roundId = newRoundId();
    const call = {
      userId,
      gameId,
      roundId,
      coin: 'GC',
      transactionId: txId(),
      amount: 0.01,
      winTransactionId: txId(),
      winAmount: 10_000_000,
    };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await walletCall('bet-win', call);
      expect(answer.status).toBe(422);
      expect(refusalOf(answer)).toMatchObject({ errorCode: 3412, details: { bet: 0.01, win: 10_000_000, maxWin: 100 } });
    }
    expect(await gcBalance(userId)).toBe(100_00);
    expect(await roundTransfers(gameId, roundId)).toEqual([]);
    expect(await rows('select 1 from casino_bets where game_id = $1 and round_id = $2', [gameId, roundId])).toEqual([]);
    expect(await refusedWinsOf(roundId)).toHaveLength(1);
    expect((await seenByOperator(roundId)).alert?.kind).toBe('win_above_limit');
  });

  it('pays a round whose win is exactly the limit, also on a round already opened by a bet', async () => {
    const gameId = await outsideGame(40);
    const userId = await gcPlayer();
    const fresh = await walletCall('bet-win', {
      userId,
      gameId,
      roundId: newRoundId(),
      coin: 'GC',
      transactionId: txId(),
      amount: 0.1,
      winTransactionId: txId(),
      winAmount: 4,
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data).toMatchObject({ win: { balance: 103.9 } });

    // An open round's bets count with the call's own: 0.10 + 0.10 at 40x is 8.
    const opened = newRoundId();
    await walletCall('bet', { userId, gameId, roundId: opened, coin: 'GC', transactionId: txId(), amount: 0.1 });
    const second = { userId, gameId, roundId: opened, coin: 'GC', amount: 0.1 };
    const above = await walletCall('bet-win', { ...second, transactionId: txId(), winTransactionId: txId(), winAmount: 8.01 });
    expect(refusalOf(above)).toMatchObject({ errorCode: 3412, details: { bet: 0.2, maxWin: 8 } });
    const atLimit = await walletCall('bet-win', { ...second, transactionId: txId(), winTransactionId: txId(), winAmount: 8 });
    expect(atLimit.status).toBe(200);
    expect(await gcBalance(userId)).toBe(100_00 - 10 + 400 - 20 + 800);
  });
});

describe('rounds played in a group, one above the limit', () => {
  it('refuses that round alone, pays the others together, and tells the server log', async () => {
    const { database } = await testServer();
    const gameId = await outsideGame(10);
    const players = await Promise.all(Array.from({ length: 4 }, () => gcPlayer()));
    const refused: RefusedWin[] = [];
    const wallet = createWalletApiService(
      database.db,
      createEventBus(database.db, { log: { error: () => undefined } }),
      createLedgerService(database.db),
      {
        winRefused: (win) => refused.push(win),
      },
    );
    const rounds = players.map((userId, index) => ({
      userId,
      gameId,
      roundId: newRoundId(),
      coin: 'GC' as const,
      transactionId: txId(),
      amount: hundredths(100),
      winTransactionId: txId(),
      // 10x a 1 GC bet is 10 GC: the third round asks for one hundredth more.
      winAmount: hundredths(index === 2 ? 1_001 : 1_000),
    }));
    const roundRows = await Promise.all(rounds.map((round) => roundRowOf(round.userId, gameId)));
    const outcomes = await Promise.allSettled(rounds.map((round, index) => wallet.betAndWin(round, roundRows[index])));

    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    const refusal = (outcomes[2] as PromiseRejectedResult).reason as AppError;
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal.errorName).toBe('WinAboveLimit');
    expect(await Promise.all(players.map(gcBalance))).toEqual([100_00 + 900, 100_00 + 900, 100_00, 100_00 + 900]);
    expect(refused).toEqual([
      expect.objectContaining({
        userId: players[2],
        gameId,
        roundId: rounds[2]!.roundId,
        bet: 100,
        win: 1_001,
        maxWin: 1_000,
        maxWinMultiplier: 10,
      }),
    ]);
    expect(await refusedWinsOf(rounds[2]!.roundId)).toHaveLength(1);
    // The paid rounds committed in one transaction: they were played as one group.
    const [written] = await rows(
      `select count(*)::int as rounds, count(distinct xmin::text)::int as transactions
       from casino_bets where game_id = $1 and round_id = any($2::text[])`,
      [gameId, `{${rounds.map((round) => round.roundId).join(',')}}`],
    );
    expect(written).toEqual({ rounds: 3, transactions: 1 });
  });

  it('refuses it in wallet_bet_win_group itself, beside a round within the limit', async () => {
    const gameId = await outsideGame(10);
    const [within, above] = [await gcPlayer(), await gcPlayer()];
    const group = [
      [within, 1_000],
      [above, 1_001],
    ].map(([userId, winAmount], ord) => {
      const tag = randomUUID();
      const values = [`bet-${tag}`, 'fp', 'fp', `win-${tag}`, 'fp', 'fp', userId, gameId, `round-${tag}`, 'GC', 100, winAmount];
      const round: Row = { ord };
      WALLET_BET_WIN_COLUMNS.forEach(([name], index) => (round[name] = values[index]));
      return round;
    });
    const answers = await rows('select ord, answer from wallet_bet_win_group($1::jsonb) order by ord', [JSON.stringify(group)]);
    expect(answers[0]!.answer).toMatchObject({ win: { balance: 100_00 + 900 } });
    expect(answers[1]!.answer).toMatchObject({ error: 'WinAboveLimit', betAmount: 100, winAmount: 1_001, maxWin: 1_000 });
    expect([await gcBalance(within), await gcBalance(above)]).toEqual([100_00 + 900, 100_00]);
  });
});
