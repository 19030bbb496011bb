import { randomUUID } from 'node:crypto';
import { domainEventSchemas, type DomainEventType } from '@casino/contracts/events';
import { hundredths } from '@casino/contracts/money';
import { beforeAll, describe, expect, it } from 'vitest';
import { bigintArray } from '../db/array-literals.js';
import { statementRows } from '../db/client.js';
import { createEventBus } from '../events/event-bus.js';
import { AppError } from '../http/errors.js';
import { anyGameId } from '../rgs/test-support.js';
import { testServer } from '../test/harness.js';
import { signedInClient, testLedger } from '../test/signed-in.js';
import { createLedgerService } from './ledger/ledger-service.js';
import { WALLET_BET_WIN_COLUMNS } from './wallet/round-groups.js';
import { createWalletApiService, type WalletApiService } from './wallet/service.js';

/**
 * Every event a money function writes is typed where it is written: each function that moves
 * money is played here (ledger_move for each operation through the ledger service, the wallet's
 * bet, win, rollback, round and group of rounds), and every outbox row written for this file's
 * players is parsed with its type's schema from the contracts, the one the event bus parses it
 * with before a subscriber sees it. A payload that does not parse, or carries a field its schema
 * does not name, fails here instead of in a subscriber after the money moved.
 */

interface OutboxRow {
  id: number;
  type: string;
  userId: number;
  payload: Record<string, unknown>;
}

/** What a function was called for and the rows it wrote for its players. */
interface Played {
  fn: string;
  call: string;
  rows: OutboxRow[];
}

const played: Played[] = [];
const players: number[] = [];
/** The outbox's last id before this file played anything. */
let start = 0;
let wallet: WalletApiService;
let gameId: number;

beforeAll(async () => {
  const { database } = await testServer();
  start = await lastOutboxId();
  wallet = createWalletApiService(
    database.db,
    createEventBus(database.db, { log: { error: () => undefined } }),
    createLedgerService(database.db),
  );
  gameId = await anyGameId();
});

async function rows<T>(text: string, values: unknown[] = []): Promise<T[]> {
  return statementRows<T>((await testServer()).database.db, text, values);
}

async function lastOutboxId(): Promise<number> {
  const [row] = await rows<{ id: string | number }>('select coalesce(max(id), 0) as id from outbox_events');
  return Number(row!.id);
}

/** The outbox rows of these players written after `after`, in the order they were written. */
async function outboxAfter(after: number, userIds: readonly number[]): Promise<OutboxRow[]> {
  const found = await rows<{ id: string | number; type: string; user_id: string | number; payload: Record<string, unknown> }>(
    'select id, type, user_id, payload from outbox_events where id > $1 and user_id = any($2::bigint[]) order by id',
    [after, bigintArray(userIds)],
  );
  return found.map((row) => ({ id: Number(row.id), type: row.type, userId: Number(row.user_id), payload: row.payload }));
}

/** What is wrong with a row: an unknown type, a payload its schema refuses, or fields the schema does not name. */
function problemsOf(row: OutboxRow): string[] {
  if (!(row.type in domainEventSchemas)) return [`event ${row.id}: unknown type ${row.type}`];
  const parsed = domainEventSchemas[row.type as DomainEventType].safeParse(row.payload);
  if (!parsed.success) {
    return parsed.error.issues.map(
      (issue) => `event ${row.id} ${row.type}: ${issue.path.join('.') || 'payload'}: ${issue.message} in ${JSON.stringify(row.payload)}`,
    );
  }
  const unnamed = Object.keys(row.payload).filter((key) => !(key in parsed.data));
  return unnamed.length ? [`event ${row.id} ${row.type}: fields not in its schema: ${unnamed.join(', ')}`] : [];
}

/** A player with these balances (hundredths) of GC and bonus SC; funding writes no event. */
async function player(balances: { gc?: number; sc?: number } = {}): Promise<number> {
  const { userId } = await signedInClient('events');
  const { gc = 0, sc = 0 } = balances;
  if (gc || sc)
    await (await testLedger()).creditBonus({ userId, gc, sc, reason: 'adjustment', idempotencyKey: `test-funding:${randomUUID()}` });
  players.push(userId);
  return userId;
}

/** Counts of each type, for "at least these events" (a type expected twice must be there twice). */
function counts(types: readonly string[]): Map<string, number> {
  const counted = new Map<string, number>();
  for (const type of types) counted.set(type, (counted.get(type) ?? 0) + 1);
  return counted;
}

/**
 * Plays `run` (one money function's call for `userIds`), reads the outbox rows it wrote for them,
 * and checks that it wrote at least `expected` (by type, in any order) and that each row parses.
 */
async function play(
  fn: string,
  call: string,
  userIds: readonly number[],
  expected: readonly DomainEventType[],
  run: () => Promise<unknown>,
): Promise<OutboxRow[]> {
  const before = await lastOutboxId();
  await run();
  const written = await outboxAfter(before, userIds);
  played.push({ fn, call, rows: written });
  const writtenCounts = counts(written.map((row) => row.type));
  const missing = [...counts(expected)].filter(([type, count]) => (writtenCounts.get(type) ?? 0) < count).map(([type]) => type);
  expect(missing, `${fn} (${call}) wrote ${written.map((row) => row.type).join(', ') || 'nothing'}`).toEqual([]);
  expect(written.flatMap(problemsOf)).toEqual([]);
  return written;
}

async function refused(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  return (error as AppError).errorName;
}

const key = (name: string) => `events:${name}:${randomUUID()}`;
const txId = () => `tx-${randomUUID()}`;
const newRoundId = () => `round-${randomUUID()}`;

describe('ledger_move, for each operation through the ledger service', () => {
  it('writes no outbox row of its own: the action that calls it records its typed event', async () => {
    const ledger = await testLedger();
    const userId = await player();
    const purchaseKey = key('purchase');
    const betKey = key('bet');
    const operations: [string, () => Promise<unknown>][] = [
      ['creditBonus', () => ledger.creditBonus({ userId, gc: 10_000, sc: 5_000, reason: 'daily_bonus', idempotencyKey: key('bonus') })],
      ['creditPurchase', () => ledger.creditPurchase({ userId, gc: 20_000, sc: 2_000, idempotencyKey: purchaseKey })],
      ['debitBet', () => ledger.debitBet({ userId, coin: 'SC', amount: 1_000, idempotencyKey: betKey, reference: 'events-round' })],
      ['creditWin', () => ledger.creditWin({ userId, coin: 'SC', amount: 3_000, idempotencyKey: key('win'), reference: 'events-round' })],
      ['rollbackBet', () => ledger.rollbackBet({ userId, betIdempotencyKey: betKey, idempotencyKey: key('rollback') })],
      [
        'reverseCredit',
        () =>
          ledger.reverseCredit({ userId, creditIdempotencyKey: purchaseKey, reason: 'purchase_reversal', idempotencyKey: key('reversal') }),
      ],
      ['moveToPendingRedemption', () => ledger.moveToPendingRedemption({ userId, amount: 2_000, idempotencyKey: key('pending') })],
      ...(['cancelled', 'failed', 'paid'] as const).map((outcome): [string, () => Promise<unknown>] => [
        `releasePendingRedemption ${outcome}`,
        () => ledger.releasePendingRedemption({ userId, amount: 500, outcome, idempotencyKey: key(outcome) }),
      ]),
      ['adjustment GC', () => ledger.adjustBalance({ userId, account: 'GC', amount: -100, idempotencyKey: key('adjust-gc') })],
      ['adjustment SC', () => ledger.adjustBalance({ userId, account: 'SC_REDEEMABLE', amount: 50, idempotencyKey: key('adjust-sc') })],
    ];
    for (const [call, run] of operations) {
      expect(await play('ledger_move', call, [userId], [], run)).toEqual([]);
    }
    // The movements happened: the calls above were not refused.
    expect(await ledger.balances(userId)).toEqual({ gc: 10_000 - 100, bsc: 5_000, psc: 0, wsc: 3_000 - 2_000 + 500 + 500 + 50 });
  });
});

describe('the seamless wallet', () => {
  it('wallet_bet: BetPlaced for a bet taken (SC and GC), BetRefused for one the balance does not cover', async () => {
    const userId = await player({ gc: 10_000, sc: 10_000 });
    const round = { userId, gameId };
    for (const coin of ['SC', 'GC'] as const) {
      const [placed] = await play('wallet_bet', `accepted ${coin}`, [userId], ['BetPlaced'], () =>
        wallet.bet({ ...round, roundId: newRoundId(), transactionId: txId(), coin, amount: hundredths(100) }),
      );
      expect(placed!.payload).toMatchObject({ userId, gameId, coin, amount: 100 });
    }
    await play('wallet_bet', 'refused for funds', [userId], ['BetRefused'], async () => {
      const bet = wallet.bet({ ...round, roundId: newRoundId(), transactionId: txId(), coin: 'SC', amount: hundredths(1_000_000) });
      expect(await refused(bet)).toBe('InsufficientBalance');
    });
  });

  it('wallet_win: WinPaid for a win and for a loss closing its round', async () => {
    const userId = await player({ gc: 10_000, sc: 10_000 });
    for (const [coin, amount] of [
      ['SC', 250],
      ['GC', 0],
    ] as const) {
      const round = { userId, gameId, roundId: newRoundId(), coin };
      await wallet.bet({ ...round, transactionId: txId(), amount: hundredths(100) });
      const [paid] = await play('wallet_win', `${coin} ${amount ? 'won' : 'lost'}`, [userId], ['WinPaid'], () =>
        wallet.win({ ...round, transactionId: txId(), amount: hundredths(amount) }),
      );
      expect(paid!.payload).toMatchObject({ userId, gameId, roundId: round.roundId, coin, amount });
    }
  });

  it('wallet_rollback: BetRolledBack for a bet refunded, and for a rollback that arrived before its bet', async () => {
    const userId = await player({ sc: 10_000 });
    const round = { userId, gameId, roundId: newRoundId() };
    const betTransactionId = txId();
    await wallet.bet({ ...round, transactionId: betTransactionId, coin: 'SC', amount: hundredths(100) });
    const [refunded] = await play('wallet_rollback', 'after its bet', [userId], ['BetRolledBack'], () =>
      wallet.rollback({ ...round, transactionId: txId(), betTransactionId }),
    );
    expect(refunded!.payload).toMatchObject({ amount: 100, transferId: expect.any(Number) });
    const [early] = await play('wallet_rollback', 'before its bet', [userId], ['BetRolledBack'], () =>
      wallet.rollback({ userId, gameId, roundId: newRoundId(), transactionId: txId(), betTransactionId: txId() }),
    );
    expect(early!.payload).toMatchObject({ amount: 0, transferId: null });
  });

  it('wallet_bet_win: BetPlaced and WinPaid for an SC round, none for a new GC round, BetRefused for a refused round', async () => {
    const userId = await player({ gc: 10_000, sc: 10_000 });
    const round = (coin: 'GC' | 'SC', amount: number, winAmount: number) => ({
      userId,
      gameId,
      roundId: newRoundId(),
      coin,
      transactionId: txId(),
      winTransactionId: txId(),
      amount: hundredths(amount),
      winAmount: hundredths(winAmount),
    });
    await play('wallet_bet_win', 'SC won', [userId], ['BetPlaced', 'WinPaid'], () => wallet.betAndWin(round('SC', 100, 300)));
    await play('wallet_bet_win', 'SC lost', [userId], ['BetPlaced', 'WinPaid'], () => wallet.betAndWin(round('SC', 100, 0)));
    // A new GC round writes its play totals itself and no event (wallet_write_planned_rounds.sql).
    await play('wallet_bet_win', 'GC won', [userId], [], () => wallet.betAndWin(round('GC', 100, 300)));
    // A round another call opened goes the checked path, which writes both events whatever the coin.
    const opened = round('GC', 100, 50);
    await wallet.bet({ ...opened, transactionId: txId() });
    await play('wallet_bet_win', 'GC on an open round', [userId], ['BetPlaced', 'WinPaid'], () => wallet.betAndWin(opened));
    await play('wallet_bet_win', 'refused for funds', [userId], ['BetRefused'], async () => {
      expect(await refused(wallet.betAndWin(round('SC', 1_000_000, 0)))).toBe('InsufficientBalance');
    });
  });

  it("wallet_bet_win_group: each round's events, for several players' rounds in one group", async () => {
    const [sc, gc, twice, broke] = [
      await player({ sc: 10_000 }),
      await player({ gc: 10_000 }),
      await player({ sc: 10_000 }),
      await player({ sc: 50 }),
    ];
    const rounds: [userId: number, coin: 'GC' | 'SC', amount: number, win: number][] = [
      [sc, 'SC', 100, 250],
      [gc, 'GC', 100, 250],
      [twice, 'SC', 100, 0],
      [twice, 'SC', 200, 400],
      [broke, 'SC', 100, 0],
    ];
    const parameter = rounds.map(([userId, coin, amount, win], ord) => {
      const tag = randomUUID();
      const values = [`bet-${tag}`, 'fp', 'fp', `win-${tag}`, 'fp', 'fp', userId, gameId, `round-${tag}`, coin, amount, win];
      const round: Record<string, unknown> = { ord };
      WALLET_BET_WIN_COLUMNS.forEach(([name], index) => (round[name] = values[index]));
      return round;
    });
    let answers: { ord: number; answer: Record<string, unknown> }[] = [];
    const written = await play(
      'wallet_bet_win_group',
      'five rounds of four players',
      [sc, gc, twice, broke],
      ['BetPlaced', 'WinPaid', 'BetPlaced', 'WinPaid', 'BetPlaced', 'WinPaid', 'BetRefused'],
      async () => {
        answers = await rows('select ord, answer from wallet_bet_win_group($1::jsonb) order by ord', [JSON.stringify(parameter)]);
      },
    );
    expect(answers.map(({ answer }) => answer.error ?? 'played')).toEqual(['played', 'played', 'played', 'played', 'InsufficientBalance']);
    const typesOf = (userId: number) => written.filter((row) => row.userId === userId).map((row) => row.type);
    expect(typesOf(sc)).toEqual(['BetPlaced', 'WinPaid']);
    expect(typesOf(gc)).toEqual([]);
    expect(typesOf(twice)).toEqual(['BetPlaced', 'WinPaid', 'BetPlaced', 'WinPaid']);
    expect(typesOf(broke)).toEqual(['BetRefused']);
  });
});

describe('every outbox row written for these players', () => {
  it("parses with its type's schema, and each money function above was played", async () => {
    const all = await outboxAfter(start, players);
    expect(all.length).toBeGreaterThan(0);
    expect(all.flatMap(problemsOf)).toEqual([]);
    expect(new Set(played.map((one) => one.fn))).toEqual(
      new Set(['ledger_move', 'wallet_bet', 'wallet_win', 'wallet_rollback', 'wallet_bet_win', 'wallet_bet_win_group']),
    );
    expect([...new Set(all.map((row) => row.type))]).toEqual(
      expect.arrayContaining(['BetPlaced', 'BetRefused', 'WinPaid', 'BetRolledBack']),
    );
  });
});
