import { LIVE_GAME_WINNERS, LIVE_WINNERS_NAMESPACE, type LiveWinners } from '@casino/contracts/games';
import { LIVE_WINNERS_KEPT } from '@casino/contracts/constants';
import { fromHundredths } from '@casino/contracts/money';
import { desc, eq, gt } from 'drizzle-orm';
import type { Namespace, Server } from 'socket.io';
import type { LiveWinnersServerToClientEvents } from '@casino/contracts/realtime';
import type { Database, DbExecutor } from '../db/client.js';
import type { Subscriber } from '../events/event-bus.js';
import { casinoBets, casinoGames, users } from '../db/schema/index.js';

/**
 * Live winners (seed 000 sections 3 and 9, docs/ARCHITECTURE.md 'Realtime'): namespace /live-winners,
 * LIVE_GAME_WINNERS with the latest wins, newest first, 10 kept. The list is read from the bet
 * rows (an index on won_at), so every server process and a restarted one agree on it; each
 * delivery of events that paid a win sends the fresh list to every listener (through the Redis adapter when there are several
 * processes). Anyone may listen: names are masked.
 */
export interface LiveWinnersChannel {
  latest(executor?: DbExecutor): Promise<LiveWinners>;
  /** Sends the list to every listener: after each paid win (a domain event subscriber). */
  subscriber: Subscriber;
  /**
   * Sends the fresh list to every listener, after a win that wrote no event (a GC round,
   * wallet_write_planned_rounds.sql). Wins told while the list is being read are sent by one more read after it.
   */
  announce: () => void;
  /** Resolves once a list being read for `announce` was sent (before the database closes). */
  idle: () => Promise<void>;
}

/**
 * Lists sent for wins that wrote no event (`announce`) are read at most this often: a list of the
 * latest ten wins, pushed to every listener, needs no more, however many rounds win a second.
 */
export const ANNOUNCE_INTERVAL_MS = 250;

/** 'lucky_player7' -> 'lu*******r7': enough to recognise yourself, not to find someone. */
export function maskUsername(username: string): string {
  if (username.length <= 3) return `${username.slice(0, 1)}**`;
  if (username.length <= 5) return `${username.slice(0, 1)}${'*'.repeat(username.length - 2)}${username.slice(-1)}`;
  return `${username.slice(0, 2)}${'*'.repeat(username.length - 4)}${username.slice(-2)}`;
}

export function createLiveWinnersChannel(
  io: Server,
  db: Database,
  log: { error: (object: unknown, message: string) => void },
): LiveWinnersChannel {
  // Its events typed from contracts, as the web app parses them.
  const channel = io.of(LIVE_WINNERS_NAMESPACE) as Namespace<Record<string, never>, LiveWinnersServerToClientEvents>;

  async function latest(executor: DbExecutor = db): Promise<LiveWinners> {
    const rows = await executor
      .select({
        username: users.username,
        amount: casinoBets.winAmount,
        currency: casinoBets.coin,
        gameName: casinoGames.name,
        masterCasinoGameId: casinoGames.id,
        wonAt: casinoBets.wonAt,
      })
      .from(casinoBets)
      .innerJoin(users, eq(users.id, casinoBets.userId))
      .innerJoin(casinoGames, eq(casinoGames.id, casinoBets.gameId))
      .where(gt(casinoBets.winAmount, 0))
      .orderBy(desc(casinoBets.wonAt), desc(casinoBets.id))
      .limit(LIVE_WINNERS_KEPT);
    return {
      // Anyone may listen: a masked name, never the player's internal id.
      rows: rows.map((row) => ({
        username: maskUsername(row.username),
        amount: fromHundredths(row.amount),
        currency: row.currency,
        gameName: row.gameName,
        masterCasinoGameId: row.masterCasinoGameId,
        createdAt: (row.wonAt ?? new Date(0)).toISOString(),
      })),
      count: rows.length,
    };
  }

  channel.on('connection', (socket) => {
    // A new listener gets the current list at once.
    latest().then(
      (list) => socket.emit(LIVE_GAME_WINNERS, list),
      (error: unknown) => log.error({ err: error }, 'live winners: reading the list failed'),
    );
  });

  // One read at a time, at most one per ANNOUNCE_INTERVAL_MS: a win told meanwhile is in the
  // next read, which starts once the interval has passed.
  let reading: Promise<void> | undefined;
  let waiting: NodeJS.Timeout | undefined;
  let again = false;
  let lastRead = 0;
  function announce(): void {
    if (reading) {
      again = true;
      return;
    }
    if (waiting) return;
    const wait = lastRead + ANNOUNCE_INTERVAL_MS - performance.now();
    if (wait > 0) {
      waiting = setTimeout(() => {
        waiting = undefined;
        announce();
      }, wait);
      waiting.unref();
      return;
    }
    lastRead = performance.now();
    again = false;
    reading = latest()
      .then(
        (list) => void channel.emit(LIVE_GAME_WINNERS, list),
        (error: unknown) => log.error({ err: error }, 'live winners: reading the list failed'),
      )
      .finally(() => {
        reading = undefined;
        if (again) announce();
      });
  }

  return {
    latest,
    announce,
    async idle() {
      clearTimeout(waiting);
      waiting = undefined;
      while (reading) await reading;
    },
    subscriber: {
      name: 'live winners',
      handles: ['WinPaid'],
      // One fresh list per delivery that paid a win, however many it paid.
      async handleBatch(events, tx) {
        if (!events.some(({ event }) => event.type === 'WinPaid' && event.payload.amount > 0)) return;
        channel.emit(LIVE_GAME_WINNERS, await latest(tx));
      },
    },
  };
}
