import { sql } from 'drizzle-orm';
import type { Subscriber } from '../../events/event-bus.js';
import { casinoRecentGames } from '../../db/schema/index.js';

/**
 * Recently played (seed 000 section 9): every bet touches the player's row for that game. The time
 * is the bet's commit time, and a late or repeated delivery never moves a row back in time.
 */
export const recentlyPlayedSubscriber: Subscriber = {
  name: 'recently played',
  handles: ['BetPlaced'],
  async handle(event, { tx, occurredAt }) {
    if (event.type !== 'BetPlaced') return;
    await tx
      .insert(casinoRecentGames)
      .values({ userId: event.payload.userId, gameId: event.payload.gameId, lastPlayedAt: occurredAt })
      .onConflictDoUpdate({
        target: [casinoRecentGames.userId, casinoRecentGames.gameId],
        set: { lastPlayedAt: sql`greatest(${casinoRecentGames.lastPlayedAt}, excluded.last_played_at)` },
      });
  },
};
