import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
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
 * A server killed (SIGKILL) while players play, three times. A round is one transaction (its row,
 * the bet, the win and the settlement, docs/decisions/065), so whatever moment the kill hits, no
 * round is left open: none pending, none with a bet taken and no win, and every bet the wallet
 * took belongs to a settled round. Each player's balance equals the funding minus the stakes plus
 * the wins of the settled rounds: nothing lost, nothing paid twice. (Rounds left open by the
 * older path, bet and win apart, are finished by the recovery job: round-recovery.test.ts.)
 *
 * Real processes on PostgreSQL: the embedded database is not shared between processes.
 */
const PLAYERS = 8;
const FUNDING = 1_000_000; // hundredths of SC each

afterAll(() => killAllServerProcesses());

function startServer(target: IsolatedDatabase) {
  return startServerProcess('crash', 0, {
    APP_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_ENABLED: 'false',
    ...target.serverEnv,
    DATA_DIR: target.dataDir,
    GAME_SERVER_SECRET: 'crash-recovery-test-secret-0123456789abcdef',
  });
}

async function signedIn(database: DatabaseHandle, baseUrl: string, userId: number): Promise<TestClient> {
  const { token } = await createSessionService(database.db, testConfig()).create(userId, {});
  const client = new TestClient(baseUrl);
  client.setCookie(SESSION_COOKIE, token);
  return client;
}

/** Plays rounds back to back until the server stops answering; answers how many it finished. */
async function playUntilKilled(baseUrl: string, client: TestClient, gameId: number): Promise<void> {
  const page = new TestClient(baseUrl);
  let session: { sessionToken: string; game: { betSteps: number[] } };
  try {
    const launch = await client.post<{ data: { gameUrl: string } }>('casino-games/launch-game', {
      coin: 'SC',
      gameId,
      isDemo: false,
      isMobile: false,
    });
    const launchToken = /#launch=(.+)$/.exec(launch.body.data.gameUrl)![1]!;
    session = (await page.post<{ data: typeof session }>('/rgs/api/sessions', { launchToken })).body.data;
  } catch {
    return; // killed before this player's game opened (a slow machine)
  }
  const { sessionToken, game } = session;
  for (;;) {
    try {
      await page.request('POST', '/rgs/api/rounds', {
        body: { bet: game.betSteps[0], requestId: randomUUID() },
        headers: { 'x-game-session': sessionToken },
      });
    } catch {
      return; // the server is gone
    }
  }
}

interface RoundRow {
  user_id: string;
  status: string;
  bet: string;
  win: string;
}

describe.runIf(process.env.DATABASE_URL)('rounds left open by a crash', () => {
  it('are all settled or refunded after a restart, and every balance adds up', { timeout: 120_000 }, async () => {
    const target = await isolatedDatabase('crash');
    let server = await startServer(target);
    const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
    try {
      const players = await createTestPlayers(database.db, PLAYERS);
      const ledger = standaloneLedger(database.db);
      for (const userId of players) {
        await ledger.creditBonus({ userId, gc: 0, sc: FUNDING, reason: 'adjustment', idempotencyKey: `crash-funding:${userId}` });
      }
      const [game] = await queryRows<{ id: string }>(database.db, sql`select id from casino_games where is_active order by id limit 1`);

      // Three kills while everyone plays, each a second and a half into play.
      for (let kill = 0; kill < 3; kill += 1) {
        if (kill > 0) server = await startServer(target);
        const clients = await Promise.all(players.map((userId) => signedIn(database, server.baseUrl, userId)));
        const playing = clients.map((client) => playUntilKilled(server.baseUrl, client, Number(game!.id)));
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await server.kill();
        await Promise.all(playing);
        const [open] = await queryRows<{ count: string }>(
          database.db,
          sql`select count(*) as count from rgs_rounds where status in ('pending', 'bet_placed')`,
        );
        expect(Number(open!.count)).toBe(0);
      }

      const [bets] = await queryRows<{ taken: string; settled: string }>(
        database.db,
        sql`select
              (select count(*) from casino_wallet_transactions where action = 'bet') as taken,
              (select count(*) from rgs_rounds where status = 'settled') as settled`,
      );
      expect(Number(bets!.settled)).toBeGreaterThan(0);
      expect(Number(bets!.taken)).toBe(Number(bets!.settled));
      const rounds = await queryRows<RoundRow>(database.db, sql`select user_id, status, bet, win from rgs_rounds`);
      expect(rounds.every((round) => ['settled', 'cancelled', 'refused'].includes(round.status))).toBe(true);
      for (const userId of players) {
        const settled = rounds.filter((round) => Number(round.user_id) === userId && round.status === 'settled');
        const expected = settled.reduce((balance, round) => balance - Number(round.bet) + Number(round.win), FUNDING);
        const balances = await ledger.balances(userId);
        expect(balances.bsc + balances.psc + balances.wsc).toBe(expected);
      }
    } finally {
      await server.kill();
      await database.close();
    }
  });
});
