import { randomUUID } from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { queryRows, type Database } from '../db/client.js';
import { casinoRecentGames, outboxEvents } from '../db/schema/index.js';
import { createTestPlayers } from '../money/ledger/test-players.js';
import { standaloneLedger } from '../money/ledger/testing.js';
import { recentlyPlayedSubscriber } from '../modules/games/recently-played-subscriber.js';
import { playTotals, playTotalsSubscriber } from '../modules/play-totals/play-totals.js';
import { signedWalletCall } from '../rgs/test-support.js';
import { isolatedDatabase, startIsolatedServer, type IsolatedServer } from '../test/isolated-server.js';
import { createEventBus } from './event-bus.js';

/**
 * Domain events are written with the money they describe and delivered after the commit, at
 * least once. A server that dies between the commit and the delivery (a server
 * built with `background: false` delivers nothing) leaves its events in the outbox; the next
 * start delivers each one once.
 */
async function eventsOf(db: Database, userId: number) {
  return db.select().from(outboxEvents).where(eq(outboxEvents.userId, userId)).orderBy(asc(outboxEvents.id));
}

async function until(check: () => Promise<boolean>, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

async function fundedPlayerOn(server: IsolatedServer): Promise<number> {
  const [userId] = await createTestPlayers(server.database.db, 1);
  await standaloneLedger(server.database.db).creditBonus({
    userId: userId!,
    gc: 0,
    sc: 10_000,
    reason: 'adjustment',
    idempotencyKey: `outbox:${userId}`,
  });
  return userId!;
}

async function firstGameId(db: Database): Promise<number> {
  const [game] = await queryRows<{ id: string }>(db, sql`select id from casino_games order by id limit 1`);
  return Number(game!.id);
}

async function gameIds(db: Database, count: number): Promise<number[]> {
  const games = await queryRows<{ id: string }>(db, sql`select id from casino_games order by id limit ${count}`);
  return games.map((game) => Number(game.id));
}

describe('the outbox', () => {
  it('delivers an event written before a crash once, after the restart', { timeout: 90_000 }, async () => {
    const target = await isolatedDatabase('outbox');
    const crashed = await startIsolatedServer(target, { background: false });
    const userId = await fundedPlayerOn(crashed);
    const gameId = await firstGameId(crashed.database.db);
    const bet = await signedWalletCall({ baseUrl: crashed.baseUrl, secret: crashed.config.gameServerSecret }, 'bet', {
      transactionId: `tx-${randomUUID()}`,
      userId,
      gameId,
      roundId: `round-${randomUUID()}`,
      coin: 'SC',
      amount: 2.5,
    });
    expect(bet.status).toBe(200);

    // Committed with the bet, not delivered: no recently played row, no play totals yet.
    const written = await eventsOf(crashed.database.db, userId);
    expect(written.map((event) => [event.type, event.deliveredAt])).toEqual([['BetPlaced', null]]);
    expect(await playTotals(crashed.database.db, userId, 'SC')).toEqual({ wagered: 0, won: 0, rounds: 0 });
    await crashed.stop();

    const restarted = await startIsolatedServer(target);
    try {
      const { db } = restarted.database;
      expect(await until(async () => (await eventsOf(db, userId))[0]?.deliveredAt != null, 30)).toBe(true);
      expect(await playTotals(db, userId, 'SC')).toEqual({ wagered: 250, won: 0, rounds: 1 });
      const recent = await db.select().from(casinoRecentGames).where(eq(casinoRecentGames.userId, userId));
      expect(recent.map((row) => row.gameId)).toEqual([gameId]);

      // Delivered is delivered: another sweep (from any process) finds nothing to do.
      const otherProcess = createEventBus(db, { log: { error: () => undefined } });
      otherProcess.subscribe(playTotalsSubscriber);
      expect(await otherProcess.deliverDue()).toBe(0);
      expect(await playTotals(db, userId, 'SC')).toEqual({ wagered: 250, won: 0, rounds: 1 });
    } finally {
      await restarted.stop();
    }
  });

  it('tries a failing subscriber again later, and its database work is written once', async () => {
    const target = await isolatedDatabase('outbox-retry');
    const server = await startIsolatedServer(target, { background: false });
    try {
      const { db } = server.database;
      const userId = await fundedPlayerOn(server);
      const bus = createEventBus(db, { log: { error: () => undefined } });
      let failuresLeft = 1;
      bus.subscribe(playTotalsSubscriber);
      bus.subscribe({
        name: 'flaky',
        handles: ['BetPlaced'],
        handle: () => {
          if (failuresLeft-- > 0) throw new Error('flaky subscriber');
        },
      });
      const ledger = standaloneLedger(db);
      const gameId = await firstGameId(db);
      await bus.run(async ({ record }) => {
        await record({
          type: 'BetPlaced',
          payload: { userId, gameId, roundId: 'r1', coin: 'SC', amount: 100, transferId: 1 },
        });
      });
      // The first delivery failed: the play totals written before the failure were rolled back.
      const [failed] = await eventsOf(db, userId);
      expect(failed).toMatchObject({ attempts: 1, deliveredAt: null, lastError: expect.stringContaining('flaky') as unknown });
      expect(await playTotals(db, userId, 'SC')).toEqual({ wagered: 0, won: 0, rounds: 0 });

      await db
        .update(outboxEvents)
        .set({ nextAttemptAt: new Date(0) })
        .where(eq(outboxEvents.id, failed!.id));
      expect(await bus.deliverDue()).toBe(1);
      expect(await playTotals(db, userId, 'SC')).toEqual({ wagered: 100, won: 0, rounds: 1 });
      expect(await ledger.balances(userId)).toEqual({ gc: 0, bsc: 10_000, psc: 0, wsc: 0 });
    } finally {
      await server.stop();
    }
  });

  it('delivers many players’ events in one batch: totals summed per player, day and coin, the latest game, a net rollback floored at zero', async () => {
    const target = await isolatedDatabase('outbox-batch');
    const server = await startIsolatedServer(target, { background: false });
    try {
      const { db } = server.database;
      const [first, second] = (await createTestPlayers(db, 2)) as [number, number];
      const [slot, cards] = (await gameIds(db, 2)) as [number, number];
      const bus = createEventBus(db, { log: { error: () => undefined } });
      bus.subscribe(playTotalsSubscriber);
      bus.subscribe(recentlyPlayedSubscriber);
      const round = (userId: number, gameId: number, coin: 'GC' | 'SC', amount: number) => ({
        userId,
        gameId,
        roundId: randomUUID(),
        coin,
        amount,
        transferId: 1,
      });

      // The second player's day so far: one GC bet of 2.00.
      await bus.run(async ({ record }) => {
        await record({ type: 'BetPlaced', payload: round(second, slot, 'GC', 200) });
      });
      // One action's events, delivered together: two players, two games, both coins, and a
      // rollback today of a larger bet from yesterday.
      await bus.run(async ({ record }) => {
        await record({ type: 'BetPlaced', payload: round(first, slot, 'SC', 100) });
        await record({ type: 'WinPaid', payload: round(first, slot, 'SC', 150) });
        await record({ type: 'BetPlaced', payload: round(second, slot, 'GC', 100) });
        await record({ type: 'BetPlaced', payload: round(first, cards, 'SC', 200) });
        await record({ type: 'WinPaid', payload: round(first, cards, 'SC', 0) });
        await record({ type: 'BetRolledBack', payload: round(second, slot, 'GC', 500) });
        await record({ type: 'BetPlaced', payload: round(first, slot, 'GC', 50) });
      });

      const undelivered = await queryRows<{ count: string }>(db, sql`select count(*) from outbox_events where delivered_at is null`);
      expect(Number(undelivered[0]!.count)).toBe(0);
      expect(await playTotals(db, first, 'SC')).toEqual({ wagered: 300, won: 150, rounds: 2 });
      expect(await playTotals(db, first, 'GC')).toEqual({ wagered: 50, won: 0, rounds: 1 });
      // 2.00 + 1.00 - 5.00 is floored at zero; two bets less one rollback is one round.
      expect(await playTotals(db, second, 'GC')).toEqual({ wagered: 0, won: 0, rounds: 1 });
      expect(await playTotals(db, second, 'SC')).toEqual({ wagered: 0, won: 0, rounds: 0 });
      const recent = await db.select().from(casinoRecentGames).orderBy(asc(casinoRecentGames.userId), asc(casinoRecentGames.gameId));
      expect(recent.map((row) => [row.userId, row.gameId])).toEqual([
        [first, slot],
        [first, cards],
        [second, slot],
      ]);
    } finally {
      await server.stop();
    }
  });

  // On PostgreSQL only: the embedded database runs in this process and reads this process's clock.
  it.skipIf(!process.env.DATABASE_URL)('sweeps every due event even when this process’s clock is behind the database’s', async () => {
    const target = await isolatedDatabase('outbox-clock');
    const server = await startIsolatedServer(target, { background: false });
    try {
      const { db } = server.database;
      const [userId] = (await createTestPlayers(db, 1)) as [number];
      const [gameId] = (await gameIds(db, 1)) as [number];
      const writer = createEventBus(db, { log: { error: () => undefined }, deliverAfterCommit: false });
      await writer.run(async ({ record }) => {
        await record({ type: 'BetPlaced', payload: { userId, gameId, roundId: 'skew', coin: 'GC', amount: 100, transferId: 1 } });
      });
      // Due means due by the database's clock, which wrote the event: an app server two seconds
      // behind it (or one that reads the time in whole milliseconds a moment after the write)
      // still delivers the event now.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 2_000 });
      const sweeper = createEventBus(db, { log: { error: () => undefined } });
      sweeper.subscribe(playTotalsSubscriber);
      expect(await sweeper.deliverDue()).toBe(1);
      expect(await playTotals(db, userId, 'GC')).toEqual({ wagered: 100, won: 0, rounds: 1 });
    } finally {
      vi.useRealTimers();
      await server.stop();
    }
  });

  it('keeps every change when two processes deliver the same players’ events at once', async () => {
    const target = await isolatedDatabase('outbox-concurrent');
    const server = await startIsolatedServer(target, { background: false });
    try {
      const { db } = server.database;
      const players = (await createTestPlayers(db, 3)) as [number, number, number];
      const [gameId] = (await gameIds(db, 1)) as [number];
      // Written without delivery, then swept by two buses at once: each batch locks its events
      // (skip locked) and upserts the same players' rows as the other's batches.
      const writer = createEventBus(db, { log: { error: () => undefined }, deliverAfterCommit: false });
      for (let n = 0; n < 60; n += 1) {
        const userId = players[n % 3]!;
        await writer.run(async ({ record }) => {
          await record({ type: 'BetPlaced', payload: { userId, gameId, roundId: `c${n}`, coin: 'GC', amount: 100, transferId: 1 } });
          await record({ type: 'WinPaid', payload: { userId, gameId, roundId: `c${n}`, coin: 'GC', amount: 40, transferId: 1 } });
        });
      }
      const sweepers = [0, 1].map(() => {
        const bus = createEventBus(db, { log: { error: () => undefined } });
        bus.subscribe(playTotalsSubscriber);
        bus.subscribe(recentlyPlayedSubscriber);
        return bus;
      });
      const delivered = await Promise.all(sweepers.flatMap((bus) => [bus.deliverDue(20), bus.deliverDue(20), bus.deliverDue(200)]));
      expect(delivered.reduce((sum, count) => sum + count, 0)).toBe(120);
      for (const userId of players) {
        expect(await playTotals(db, userId, 'GC')).toEqual({ wagered: 2_000, won: 800, rounds: 20 });
      }
      const undelivered = await queryRows<{ count: string }>(db, sql`select count(*) from outbox_events where delivered_at is null`);
      expect(Number(undelivered[0]!.count)).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
