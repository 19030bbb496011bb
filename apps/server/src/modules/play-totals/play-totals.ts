import type { Coin } from '../../money/ledger/types.js';
import { and, eq, sql } from 'drizzle-orm';
import { bigintArray, textArray } from '../../db/array-literals.js';
import { statementRows, type DbExecutor } from '../../db/client.js';
import { playerDailyTotals } from '../../db/schema/index.js';
import type { Subscriber } from '../../events/event-bus.js';

/**
 * Play totals per player, UTC day and coin (wagered, won, rounds), kept from the domain events:
 * what play-through of SC, VIP progress and daily responsible-play limits read, without scanning
 * bets. The delivery's transaction writes each event's change exactly once (events/event-bus.ts).
 *
 * A delivery's events are summed per player, day and coin first, so twenty players' rounds cost
 * one upsert, not forty. A rollback takes its bet back out of the day the rollback happened; a
 * day's total never goes below zero (a bet placed just before midnight and rolled back just after
 * stays counted on its day): the delivery's net change is added, then floored at zero.
 */
/**
 * Adds a delivery's changes, one row per player, day and coin, given as arrays in key order: one
 * statement text however many rows (db/array-literals.ts), written in the order given.
 */
const ADD_TO_TOTALS = `insert into player_daily_totals (user_id, day, coin, wagered, won, rounds)
  select user_id, day, coin, wagered, won, rounds
  from unnest($1::bigint[], $2::date[], $3::text[], $4::bigint[], $5::bigint[], $6::int[])
    with ordinality as change (user_id, day, coin, wagered, won, rounds, n)
  order by n
  on conflict (user_id, day, coin) do update set
    wagered = player_daily_totals.wagered + excluded.wagered,
    won = player_daily_totals.won + excluded.won,
    rounds = player_daily_totals.rounds + excluded.rounds`;

export const playTotalsSubscriber: Subscriber = {
  name: 'play totals',
  handles: ['BetPlaced', 'WinPaid', 'BetRolledBack'],
  async handleBatch(events, tx) {
    const changes = new Map<string, PlayTotalsRow>();
    for (const { event, occurredAt } of events) {
      if (event.type !== 'BetPlaced' && event.type !== 'WinPaid' && event.type !== 'BetRolledBack') continue;
      const { userId, coin, amount } = event.payload;
      if (amount === 0) continue;
      const day = occurredAt.toISOString().slice(0, 10);
      const key = `${userId}:${day}:${coin}`;
      const change = changes.get(key) ?? { userId, day, coin, wagered: 0, won: 0, rounds: 0 };
      if (event.type === 'BetPlaced') {
        change.wagered += amount;
        change.rounds += 1;
      } else if (event.type === 'WinPaid') {
        change.won += amount;
      } else {
        change.wagered -= amount;
        change.rounds -= 1;
      }
      changes.set(key, change);
    }
    // In key order, so that two deliveries touching the same rows lock them in the same order.
    const rows = [...changes.values()].sort((a, b) => a.userId - b.userId || a.day.localeCompare(b.day) || a.coin.localeCompare(b.coin));
    // Changes that only add (every delivery of rounds): one upsert for all of them, the proposed
    // row (excluded) being the change itself.
    const adding = rows.filter((row) => row.wagered >= 0 && row.rounds >= 0);
    if (adding.length > 0) {
      await statementRows(tx, ADD_TO_TOTALS, [
        bigintArray(adding.map((row) => row.userId)),
        textArray(adding.map((row) => row.day)),
        textArray(adding.map((row) => row.coin)),
        bigintArray(adding.map((row) => row.wagered)),
        bigintArray(adding.map((row) => row.won)),
        bigintArray(adding.map((row) => row.rounds)),
      ]);
    }
    // A net rollback (rare): a new row starts at zero, an existing one is floored at zero.
    for (const row of rows.filter((one) => one.wagered < 0 || one.rounds < 0)) {
      await tx
        .insert(playerDailyTotals)
        .values({ ...row, wagered: Math.max(0, row.wagered), rounds: Math.max(0, row.rounds) })
        .onConflictDoUpdate({
          target: [playerDailyTotals.userId, playerDailyTotals.day, playerDailyTotals.coin],
          set: {
            wagered: sql`greatest(0, ${playerDailyTotals.wagered} + ${row.wagered})`,
            won: sql`${playerDailyTotals.won} + ${row.won}`,
            rounds: sql`greatest(0, ${playerDailyTotals.rounds} + ${row.rounds})`,
          },
        });
    }
  },
};

interface PlayTotalsRow {
  userId: number;
  day: string;
  coin: Coin;
  wagered: number;
  won: number;
  rounds: number;
}

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
