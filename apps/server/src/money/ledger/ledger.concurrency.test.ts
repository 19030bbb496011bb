import { randomInt } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.js';
import { ledgerTransfers } from '../../db/schema/index.js';
import { AppError } from '../../http/errors.js';
import { testServer } from '../../test/harness.js';
import { standaloneLedger, type StandaloneLedger } from './testing.js';
import { auditPlayerAccounts, createTestPlayers, entrySumsPerCoin } from './test-players.js';
import type { Balances, Coin, TransferResult } from './types.js';

/**
 * Many simultaneous movements on the same few players. On PostgreSQL they run
 * on up to 20 connections at once (READ COMMITTED, row locks); on PGlite one after another. Either
 * way: no balance below zero, each key moves once, every player's transfers chain exactly from
 * the opening balances to the closing ones (nothing lost, nothing doubled), the totals equal what
 * the accepted requests add up to, and cached balances equal the sum of the entries.
 */
let db: Database;
let ledger: StandaloneLedger;

beforeAll(async () => {
  db = (await testServer()).database.db;
  ledger = standaloneLedger(db);
});

type Request =
  | { kind: 'bet'; userId: number; coin: Coin; amount: number }
  | { kind: 'win'; userId: number; coin: Coin; amount: number }
  | { kind: 'bonus'; userId: number; gc: number; sc: number }
  | { kind: 'rollback'; userId: number; betKey: string };

interface Outcome {
  key: string;
  request: Request;
  result?: TransferResult;
  error?: string;
}

function send(key: string, request: Request): Promise<TransferResult> {
  switch (request.kind) {
    case 'bet':
      return ledger.debitBet({ userId: request.userId, coin: request.coin, amount: request.amount, idempotencyKey: key });
    case 'win':
      return ledger.creditWin({ userId: request.userId, coin: request.coin, amount: request.amount, idempotencyKey: key });
    case 'bonus':
      return ledger.creditBonus({ userId: request.userId, gc: request.gc, sc: request.sc, reason: 'daily_bonus', idempotencyKey: key });
    case 'rollback':
      return ledger.rollbackBet({ userId: request.userId, betIdempotencyKey: request.betKey, idempotencyKey: key });
  }
}

async function attempt(key: string, request: Request): Promise<Outcome> {
  try {
    return { key, request, result: await send(key, request) };
  } catch (error) {
    if (error instanceof AppError) return { key, request, error: error.errorName };
    throw error;
  }
}

const total = (balances: Balances) => ({ gc: balances.gc, sc: balances.bsc + balances.psc + balances.wsc });

describe('ledger under concurrency', () => {
  it('keeps every player consistent through hundreds of simultaneous movements', async () => {
    const players = await createTestPlayers(db, 4);
    const prefix = `conc:${players[0]}`;
    for (const userId of players) {
      await ledger.creditBonus({ userId, gc: 5000, sc: 3000, reason: 'welcome_bonus', idempotencyKey: `${prefix}:open:${userId}` });
    }
    const opening = new Map(await Promise.all(players.map(async (userId) => [userId, await ledger.balances(userId)] as const)));

    // Build the requests: bets that often overdraw, wins, bonuses, rollbacks of earlier bets, and
    // every fifth request sent three times at once under the same key.
    const calls: { key: string; request: Request }[] = [];
    const betKeys: { key: string; userId: number }[] = [];
    for (let index = 0; index < 240; index += 1) {
      const userId = players[randomInt(players.length)]!;
      const key = `${prefix}:${index}`;
      const roll = randomInt(100);
      let request: Request;
      if (roll < 55) {
        request = { kind: 'bet', userId, coin: randomInt(2) === 0 ? 'GC' : 'SC', amount: 1 + randomInt(900) };
        betKeys.push({ key, userId });
      } else if (roll < 75) request = { kind: 'win', userId, coin: randomInt(2) === 0 ? 'GC' : 'SC', amount: randomInt(400) };
      else if (roll < 85) request = { kind: 'bonus', userId, gc: 1 + randomInt(300), sc: randomInt(200) };
      else {
        const bet = betKeys[randomInt(Math.max(betKeys.length, 1))];
        if (!bet) continue;
        request = { kind: 'rollback', userId: bet.userId, betKey: bet.key };
      }
      const copies = index % 5 === 0 ? 3 : 1;
      for (let copy = 0; copy < copies; copy += 1) calls.push({ key, request });
    }
    // Two players racing for one key: the unique index decides, the loser is refused (3011).
    const contested = Array.from({ length: 5 }, (_, index) => `${prefix}:contested:${index}`);
    for (const key of contested) {
      calls.push({ key, request: { kind: 'win', userId: players[0]!, coin: 'GC', amount: 100 } });
      calls.push({ key, request: { kind: 'win', userId: players[1]!, coin: 'GC', amount: 100 } });
    }

    const outcomes = await Promise.all(calls.map(({ key, request }) => attempt(key, request)));

    // Refusals are only the expected ones.
    for (const outcome of outcomes.filter((candidate) => candidate.error)) {
      expect(['InsufficientBalance', 'NotFound', 'IdempotencyKeyReused'], JSON.stringify(outcome)).toContain(outcome.error);
      if (outcome.error === 'NotFound') expect(outcome.request.kind).toBe('rollback');
      if (outcome.error === 'IdempotencyKeyReused') expect(outcome.key).toContain('contested');
    }
    for (const key of contested) {
      const racers = outcomes.filter((outcome) => outcome.key === key);
      expect(racers.filter((outcome) => outcome.result).length).toBe(1);
    }

    // Each key moved once: all its successful calls name one transfer, exactly one not replayed
    // (a rollback of an already rolled-back bet names the first rollback and is a replay).
    const byKey = new Map<string, Outcome[]>();
    for (const outcome of outcomes) byKey.set(outcome.key, [...(byKey.get(outcome.key) ?? []), outcome]);
    const accepted = new Map<number, Outcome>();
    for (const [key, group] of byKey) {
      const succeeded = group.filter((outcome) => outcome.result);
      expect(new Set(succeeded.map((outcome) => outcome.result!.transferId)).size, key).toBeLessThanOrEqual(1);
      const fresh = succeeded.filter((outcome) => !outcome.result!.replayed);
      expect(fresh.length, key).toBeLessThanOrEqual(1);
      if (fresh[0]) accepted.set(fresh[0].result!.transferId, fresh[0]);
    }
    const recorded = await db
      .select({ id: ledgerTransfers.id })
      .from(ledgerTransfers)
      .where(inArray(ledgerTransfers.idempotencyKey, [...byKey.keys()]));
    expect(recorded.map((row) => row.id).sort((a, b) => a - b)).toEqual([...accepted.keys()].sort((a, b) => a - b));

    for (const userId of players) {
      const closing = await ledger.balances(userId);
      for (const value of Object.values(closing)) expect(value).toBeGreaterThanOrEqual(0);

      // The player's accepted transfers, in the order they took the player's lock, chain exactly.
      const own = [...accepted.values()]
        .filter((outcome) => outcome.request.userId === userId)
        .sort((a, b) => a.result!.transferId - b.result!.transferId);
      let cursor = opening.get(userId)!;
      for (const outcome of own) {
        expect(outcome.result!.balancesBefore, outcome.key).toEqual(cursor);
        cursor = outcome.result!.balancesAfter;
      }
      expect(cursor).toEqual(closing);

      // And the totals are what the accepted requests add up to.
      const expected = total(opening.get(userId)!);
      for (const { request } of own) {
        if (request.kind === 'bonus') {
          expected.gc += request.gc;
          expected.sc += request.sc;
        } else if (request.kind === 'bet' || request.kind === 'win') {
          const sign = request.kind === 'bet' ? -1 : 1;
          if (request.coin === 'GC') expected.gc += sign * request.amount;
          else expected.sc += sign * request.amount;
        } else {
          const bet = [...accepted.values()].find((outcome) => outcome.key === request.betKey)!.request as Extract<
            Request,
            { kind: 'bet' }
          >;
          if (bet.coin === 'GC') expected.gc += bet.amount;
          else expected.sc += bet.amount;
        }
      }
      expect(total(closing)).toEqual(expected);
    }

    const sums = await entrySumsPerCoin(db, players);
    for (const sum of Object.values(sums)) expect(sum).toBe(0);
    for (const account of await auditPlayerAccounts(db, players)) expect(account.cached, account.kind).toBe(account.entries);
  });
});
