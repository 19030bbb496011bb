import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { io } from 'socket.io-client';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, type DatabaseHandle } from '../db/client.js';
import { createTestPlayers } from '../money/ledger/test-players.js';
import { standaloneLedger } from '../money/ledger/testing.js';
import { SESSION_COOKIE } from '../kernel/sessions/session-cookie.js';
import { createSessionService } from '../kernel/sessions/session-service.js';
import { testConfig } from '../test/harness.js';
import { TestClient } from '../test/http-client.js';
import { isolatedDatabase, type IsolatedDatabase } from '../test/isolated-server.js';
import { killAllServerProcesses, startServerProcess } from '../test/server-processes.js';

/**
 * A server told to stop (SIGTERM) while players play: every round whose request reached it is
 * played to the end and answered, and the rounds in the database are exactly the rounds the
 * players were answered; requests that come after the stop are refused, not half-played; the
 * players' sockets are closed; the process exits 0. PostgreSQL: the test reads the database the
 * server process wrote.
 */
const PLAYERS = 6;

afterAll(() => killAllServerProcesses());

function startServer(target: IsolatedDatabase) {
  return startServerProcess(
    'shutdown',
    0,
    {
      APP_ENV: 'test',
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      RATE_LIMIT_ENABLED: 'false',
      ...target.serverEnv,
      DATA_DIR: target.dataDir,
      GAME_SERVER_SECRET: 'graceful-shutdown-test-secret-0123456789ab',
    },
    // With TEST_LOG_LEVEL, the server's log shows beside the test's.
    { echo: Boolean(process.env.TEST_LOG_LEVEL) },
  );
}

async function signedIn(database: DatabaseHandle, baseUrl: string, userId: number): Promise<{ client: TestClient; token: string }> {
  const { token } = await createSessionService(database.db, testConfig()).create(userId, {});
  const client = new TestClient(baseUrl);
  client.setCookie(SESSION_COOKIE, token);
  return { client, token };
}

/** What one player saw: the rounds answered, and how the first refused request was refused. */
interface Play {
  answered: number[];
  refusal: string | null;
}

/** Plays rounds back to back until the server refuses one. */
async function playUntilStopped(baseUrl: string, client: TestClient, gameId: number): Promise<Play> {
  const launch = await client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
    coin: 'SC',
    gameId,
    isDemo: false,
    isMobile: false,
  });
  const launchToken = /#launch=(.+)$/.exec(launch.body.data.gameUrl)![1]!;
  const page = new TestClient(baseUrl);
  const opened = await page.post<{ data: { sessionToken: string; game: { betSteps: number[] } } }>('/rgs/api/sessions', { launchToken });
  const { sessionToken, game } = opened.body.data;
  const play: Play = { answered: [], refusal: null };
  for (;;) {
    try {
      const round = await page.request<{ data?: { roundId: number } }>('POST', '/rgs/api/rounds', {
        body: { bet: game.betSteps[0], requestId: randomUUID() },
        headers: { 'x-game-session': sessionToken },
      });
      if (round.status !== 200) {
        play.refusal = `status ${round.status}`;
        return play;
      }
      play.answered.push(round.body.data!.roundId);
    } catch (error) {
      play.refusal = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      return play;
    }
  }
}

describe.runIf(process.env.DATABASE_URL)('a server told to stop (SIGTERM) while rounds are played', () => {
  it('answers every round it took, refuses the rest, closes the sockets and exits 0', { timeout: 120_000 }, async () => {
    const target = await isolatedDatabase('shutdown');
    const server = await startServer(target);
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      const players = await createTestPlayers(database.db, PLAYERS);
      const ledger = standaloneLedger(database.db);
      for (const userId of players) {
        await ledger.creditBonus({ userId, gc: 0, sc: 1_000_000, reason: 'adjustment', idempotencyKey: `shutdown-funding:${userId}` });
      }
      const [game] = await queryRows<{ id: string }>(database.db, sql`select id from casino_games where is_active order by id limit 1`);
      const sessions = await Promise.all(players.map((userId) => signedIn(database, server.baseUrl, userId)));
      // A player's wallet socket, open when the stop comes.
      const socket = io(`${server.baseUrl}/wallet`, {
        transports: ['websocket'],
        extraHeaders: { cookie: `${SESSION_COOKIE}=${sessions[0]!.token}`, origin: server.baseUrl },
        reconnection: false,
      });
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
      const disconnected = new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));

      const playing = sessions.map(({ client }) => playUntilStopped(server.baseUrl, client, Number(game!.id)));
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const stopped = server.kill('SIGTERM');
      const plays = await Promise.all(playing);
      await stopped;
      expect(await server.exited).toBe(0);
      expect(await disconnected).toBe('transport close');
      socket.close();

      const answered = plays.flatMap((play) => play.answered).sort((a, b) => a - b);
      expect(answered.length).toBeGreaterThan(PLAYERS);
      // A request after the stop: answered 503 on its open connection, or no connection at all.
      for (const play of plays) expect(['status 503', 'ECONNREFUSED', 'ECONNRESET', 'UND_ERR_SOCKET']).toContain(play.refusal);
      const rows = await queryRows<{ id: string; status: string }>(database.db, sql`select id, status from rgs_rounds order by id`);
      expect(rows.every((row) => row.status === 'settled')).toBe(true);
      // Every round in the database was answered to its player, and every answer is a round.
      expect(rows.map((row) => Number(row.id))).toEqual(answered);
    } finally {
      await server.kill();
      await database.close();
    }
  });
});
