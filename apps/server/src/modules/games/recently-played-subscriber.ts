import { bigintArray, textArray } from '../../db/array-literals.js';
import { statementRows } from '../../db/client.js';
import type { Subscriber } from '../../events/event-bus.js';

/**
 * A delivery's latest bets per player and game, as arrays in key order: one statement text
 * however many rows (db/array-literals.ts), written in the order given.
 */
const TOUCH_RECENT_GAMES = `insert into casino_recent_games (user_id, game_id, last_played_at)
  select user_id, game_id, last_played_at
  from unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) with ordinality as bet (user_id, game_id, last_played_at, n)
  order by n
  on conflict (user_id, game_id) do update set last_played_at = greatest(casino_recent_games.last_played_at, excluded.last_played_at)`;

/**
 * Recently played (seed 000 section 9): every bet touches the player's row for that game. The time
 * is the bet's commit time, and a late or repeated delivery never moves a row back in time. A
 * delivery's bets are reduced to the latest per player and game and written in one upsert.
 */
export const recentlyPlayedSubscriber: Subscriber = {
  name: 'recently played',
  handles: ['BetPlaced'],
  async handleBatch(events, tx) {
    const latest = new Map<string, { userId: number; gameId: number; lastPlayedAt: Date }>();
    for (const { event, occurredAt } of events) {
      if (event.type !== 'BetPlaced') continue;
      const { userId, gameId } = event.payload;
      const key = `${userId}:${gameId}`;
      const seen = latest.get(key);
      if (!seen || seen.lastPlayedAt < occurredAt) latest.set(key, { userId, gameId, lastPlayedAt: occurredAt });
    }
    if (latest.size === 0) return;
    // In key order, so that two deliveries touching the same rows lock them in the same order.
    const rows = [...latest.values()].sort((a, b) => a.userId - b.userId || a.gameId - b.gameId);
    await statementRows(tx, TOUCH_RECENT_GAMES, [
      bigintArray(rows.map((row) => row.userId)),
      bigintArray(rows.map((row) => row.gameId)),
      textArray(rows.map((row) => row.lastPlayedAt.toISOString())),
    ]);
  },
};
