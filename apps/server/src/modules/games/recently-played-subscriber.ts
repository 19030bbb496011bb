import { sql } from 'drizzle-orm';
import type { Subscriber } from '../../events/event-bus.js';
import { casinoRecentGames } from '../../db/schema/index.js';

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
    await tx
      .insert(casinoRecentGames)
      .values(rows)
      .onConflictDoUpdate({
        target: [casinoRecentGames.userId, casinoRecentGames.gameId],
        set: { lastPlayedAt: sql`greatest(${casinoRecentGames.lastPlayedAt}, excluded.last_played_at)` },
      });
  },
};
