import { randomUUID } from 'node:crypto';
import { hundredths } from '@casino/contracts/money';
import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows } from '../db/client.js';
import { createEventBus } from '../events/event-bus.js';
import { createLedgerService } from '../money/ledger/ledger-service.js';
import { recentlyPlayedSubscriber } from '../modules/games/recently-played-subscriber.js';
import { playTotalsSubscriber } from '../modules/play-totals/play-totals.js';
import { testServer } from '../test/harness.js';
import { fundPlayer, signedInClient } from '../test/signed-in.js';
import { anyGameId } from './test-support.js';
import { createWalletApiService } from '../money/wallet/service.js';
import { createInProcessWalletClient, createWalletClient, WalletRefusal, type WalletClient } from './wallet-client.js';

/** The game server's in-process wallet answers exactly as the signed HTTP API does. */
async function clients(): Promise<Record<'inProcess' | 'http', WalletClient>> {
  const { app, config, database } = await testServer();
  const bus = createEventBus(database.db, { log: { error: () => undefined } });
  // What a round's events feed (a new GC round writes them itself: migration 0163).
  bus.subscribe(playTotalsSubscriber);
  bus.subscribe(recentlyPlayedSubscriber);
  const service = createWalletApiService(database.db, bus, createLedgerService(database.db));
  return { inProcess: createInProcessWalletClient(service), http: createWalletClient(app, config.gameServerSecret) };
}

describe('the wallet clients', () => {
  it.each(['inProcess', 'http'] as const)(
    '%s: takes a bet, pays a win, and refuses a bet above the balance as a WalletRefusal',
    async (kind) => {
      const wallet = (await clients())[kind];
      const { userId } = await signedInClient('wcl');
      await fundPlayer(userId, { gc: 1_000 });
      const gameId = await anyGameId();
      const roundId = `round-${randomUUID()}`;
      const bet = await wallet.bet({ transactionId: `tx-${randomUUID()}`, userId, gameId, roundId, coin: 'GC', amount: hundredths(400) });
      expect(bet).toMatchObject({ coin: 'GC', balanceBefore: 1_000, balance: 600, replayed: false });
      const win = await wallet.win({ transactionId: `tx-${randomUUID()}`, userId, gameId, roundId, coin: 'GC', amount: hundredths(250) });
      expect(win).toMatchObject({ balanceBefore: 600, balance: 850 });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(850);
      const refused = wallet.bet({
        transactionId: `tx-${randomUUID()}`,
        userId,
        gameId,
        roundId: `round-${randomUUID()}`,
        coin: 'GC',
        amount: hundredths(5_000),
      });
      await expect(refused).rejects.toBeInstanceOf(WalletRefusal);
      await expect(refused).rejects.toMatchObject({ errorName: 'InsufficientBalance' });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(850);
    },
  );

  it.each(['inProcess', 'http'] as const)(
    '%s: takes an instant round in one call, answers a repeat with both first results, and pays nothing for a refused bet',
    async (kind) => {
      const wallet = (await clients())[kind];
      const { userId } = await signedInClient('wcl');
      await fundPlayer(userId, { gc: 1_000 });
      const gameId = await anyGameId();
      const round = {
        userId,
        gameId,
        roundId: `round-${randomUUID()}`,
        coin: 'GC' as const,
        transactionId: `tx-${randomUUID()}`,
        amount: hundredths(300),
        winTransactionId: `tx-${randomUUID()}`,
        winAmount: hundredths(750),
      };
      const paid = await wallet.betAndWin(round);
      expect(paid.bet).toMatchObject({ balanceBefore: 1_000, balance: 700, replayed: false });
      expect(paid.win).toMatchObject({ balanceBefore: 700, balance: 1_450, replayed: false });
      const again = await wallet.betAndWin(round);
      expect(again.bet).toMatchObject({ balance: 700, replayed: true });
      expect(again.win).toMatchObject({ balance: 1_450, replayed: true });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(1_450);

      // The bet repeated with a win under another id, after the round was settled: refused.
      const reused = wallet.betAndWin({ ...round, winTransactionId: `tx-${randomUUID()}` });
      await expect(reused).rejects.toMatchObject({ errorName: 'RoundClosed' });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(1_450);

      const refused = wallet.betAndWin({
        ...round,
        roundId: `round-${randomUUID()}`,
        transactionId: `tx-${randomUUID()}`,
        winTransactionId: `tx-${randomUUID()}`,
        amount: hundredths(9_000),
      });
      await expect(refused).rejects.toMatchObject({ errorName: 'InsufficientBalance' });
      expect(await wallet.balance({ userId, coin: 'GC' })).toBe(1_450);
    },
  );

  // Migration 0155: a new round is written in one pass, not as wallet_bet then wallet_win. What it
  // leaves must be what the two calls leave: the same records, transfers, bet row, play totals and
  // recently played row, and for SC the same events (a new GC round writes none: migration 0163).
  it.each([
    ['GC', 750],
    ['GC', 0],
    ['SC', 750],
    ['SC', 0],
  ] as const)('writes a new %s round (win %i) exactly as a bet followed by its win does', async (coin, winAmount) => {
    const { inProcess: wallet } = await clients();
    const { database } = await testServer();
    const gameId = await anyGameId();
    /** What one round left behind, without ids, keys and times. */
    async function roundLeft(userId: number, roundId: string) {
      const where = sql`user_id = ${userId}`;
      // Events the server's own sweep took are delivered when its transaction commits.
      await vi.waitFor(
        async () => {
          const [pending] = await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from outbox_events where ${where} and delivered_at is null`,
          );
          expect(pending!.n).toBe(0);
        },
        { timeout: 10_000, interval: 20 },
      );
      return {
        records: await queryRows(
          database.db,
          sql`select action, coin, amount::int, balance_before::int, balance_after::int, ledger_transfer_id is not null as moved
              from casino_wallet_transactions where ${where} and round_id = ${roundId} order by id`,
        ),
        bets: await queryRows(
          database.db,
          sql`select coin, bet_amount::int, win_amount::int, status, won_at is not null as won from casino_bets where ${where} and round_id = ${roundId}`,
        ),
        transfers: await queryRows(
          database.db,
          sql`select t.reason, t.gc_amount::int, t.sc_amount::int, t.balances_before, t.balances_after,
                (select jsonb_agg(jsonb_build_array(a.kind, a.user_id is null, e.amount) order by a.user_id is null, a.kind)
                 from ledger_entries e join ledger_accounts a on a.id = e.account_id where e.transfer_id = t.id) as entries
              from ledger_transfers t where ${where} and t.reason in ('bet', 'win') order by t.id`,
        ),
        events: await queryRows(
          database.db,
          sql`select type, payload - 'transferId' - 'roundId' as payload from outbox_events
              where ${where} and type in ('BetPlaced', 'WinPaid') order by id`,
        ),
        betDays: await queryRows(database.db, sql`select amount::int from responsible_play_bet_days where ${where}`),
        totals: await queryRows(
          database.db,
          sql`select coin, wagered::int, won::int, rounds::int from player_daily_totals where ${where} order by coin`,
        ),
        recent: await queryRows(database.db, sql`select game_id::int from casino_recent_games where ${where}`),
      };
    }
    const players = [(await signedInClient('wcl')).userId, (await signedInClient('wcl')).userId];
    for (const userId of players) await fundPlayer(userId, { gc: 1_000, sc: 1_000 });
    const [apart, together] = players as [number, number];
    const round = (userId: number) => ({ userId, gameId, roundId: `round-${randomUUID()}`, coin, amount: hundredths(300) });

    const first = round(apart);
    await wallet.bet({ ...first, transactionId: `tx-${randomUUID()}` });
    await wallet.win({ ...first, transactionId: `tx-${randomUUID()}`, amount: hundredths(winAmount) });
    const second = round(together);
    const paid = await wallet.betAndWin({
      ...second,
      transactionId: `tx-${randomUUID()}`,
      winTransactionId: `tx-${randomUUID()}`,
      winAmount: hundredths(winAmount),
    });

    expect(paid.win.balance).toBe(1_000 - 300 + winAmount);
    expect(await wallet.balance({ userId: together, coin })).toBe(1_000 - 300 + winAmount);
    const left = await roundLeft(together, second.roundId);
    expect(left.records).toHaveLength(2);
    expect(left.bets).toEqual([expect.objectContaining({ status: 'settled', win_amount: winAmount })]);
    expect(left.totals).toEqual([{ coin, wagered: 300, won: winAmount, rounds: 1 }]);
    expect(left.recent).toEqual([{ game_id: gameId }]);
    const leftApart = await roundLeft(apart, first.roundId);
    expect(leftApart.events.map((event) => (event as { type: string }).type)).toEqual(['BetPlaced', 'WinPaid']);
    expect(left.events.map((event) => (event as { type: string }).type)).toEqual(coin === 'SC' ? ['BetPlaced', 'WinPaid'] : []);
    /** The round as the other player's: event payloads name their player. */
    const asApart = (value: unknown): unknown => JSON.parse(JSON.stringify(value).replaceAll(`"userId":${together}`, `"userId":${apart}`));
    expect(asApart({ ...left, events: coin === 'SC' ? left.events : leftApart.events })).toEqual(leftApart);
  });

  it('refuses to pretend that a call over HTTP joins the casino transaction', async () => {
    const { http } = await clients();
    const { database } = await testServer();
    const bus = createEventBus(database.db, { log: { error: () => undefined } });
    const joined = bus.run((uow) =>
      http.bet({ transactionId: `tx-${randomUUID()}`, userId: 1, gameId: 1, roundId: 'r-1', coin: 'GC', amount: hundredths(100) }, uow),
    );
    await expect(joined).rejects.toThrow("A call over HTTP cannot join the casino's transaction");
    // Nor its statement: the in-house game server's round, whose row the wallet writes with the call.
    const alongside = http.betAndWin(
      {
        transactionId: `tx-${randomUUID()}`,
        winTransactionId: `tx-${randomUUID()}`,
        userId: 1,
        gameId: 1,
        roundId: 'r-2',
        coin: 'GC',
        amount: hundredths(100),
        winAmount: hundredths(0),
      },
      {
        id: 1,
        sessionId: 1,
        requestId: 'request-1',
        titleId: 'title',
        profileId: 'profile',
        outcome: {},
        createdAt: new Date(),
        casinoSessionId: 1,
        locationCheckId: null,
        seedPairId: null,
        nonce: null,
      },
    );
    await expect(alongside).rejects.toThrow("A call over HTTP cannot join the casino's transaction");
  });
});
