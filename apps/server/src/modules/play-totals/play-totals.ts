import type { Coin } from '../../ledger/types.js';
import { and, eq, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.js';
import { playerDailyTotals } from '../../db/schema/index.js';
import type { Subscriber } from '../../events/event-bus.js';

/**
 * Play totals per player, UTC day and coin (wagered, won, rounds), kept from the domain events:
 * what play-through of SC, VIP progress and daily responsible-play limits read, without scanning
 * bets. The delivery's transaction writes each event's change exactly once (events/event-bus.ts).
 *
 * A rollback takes its bet back out of the day the rollback happened; it never takes a total
 * below zero (a bet placed just before midnight and rolled back just after stays counted on its day).
 */
export const playTotalsSubscriber: Subscriber = {
  name: 'play totals',
  handles: ['BetPlaced', 'WinPaid', 'BetRolledBack'],
  async handle(event, { tx, occurredAt }) {
    if (event.type !== 'BetPlaced' && event.type !== 'WinPaid' && event.type !== 'BetRolledBack') return;
    const { userId, coin, amount } = event.payload;
    if (amount === 0) return;
    const day = occurredAt.toISOString().slice(0, 10);
    const change =
      event.type === 'BetPlaced'
        ? { wagered: amount, won: 0, rounds: 1 }
        : event.type === 'WinPaid'
          ? { wagered: 0, won: amount, rounds: 0 }
          : { wagered: -amount, won: 0, rounds: -1 };
    await tx
      .insert(playerDailyTotals)
      .values({ userId, day, coin, wagered: Math.max(0, change.wagered), won: change.won, rounds: Math.max(0, change.rounds) })
      .onConflictDoUpdate({
        target: [playerDailyTotals.userId, playerDailyTotals.day, playerDailyTotals.coin],
        set: {
          wagered: sql`greatest(0, ${playerDailyTotals.wagered} + ${change.wagered})`,
          won: sql`${playerDailyTotals.won} + ${change.won}`,
          rounds: sql`greatest(0, ${playerDailyTotals.rounds} + ${change.rounds})`,
        },
      });
  },
};

export interface PlayTotals {
  wagered: number;
  won: number;
  rounds: number;
}

/** A player's totals in one coin, for one UTC day (YYYY-MM-DD) or, without a day, for all time. */
export async function playTotals(executor: DbExecutor, userId: number, coin: Coin, day?: string): Promise<PlayTotals> {
  const [row] = await executor
    .select({
      wagered: sql<string>`coalesce(sum(${playerDailyTotals.wagered}), 0)`,
      won: sql<string>`coalesce(sum(${playerDailyTotals.won}), 0)`,
      rounds: sql<string>`coalesce(sum(${playerDailyTotals.rounds}), 0)`,
    })
    .from(playerDailyTotals)
    .where(and(eq(playerDailyTotals.userId, userId), eq(playerDailyTotals.coin, coin), day ? eq(playerDailyTotals.day, day) : undefined));
  return { wagered: Number(row?.wagered ?? 0), won: Number(row?.won ?? 0), rounds: Number(row?.rounds ?? 0) };
}
