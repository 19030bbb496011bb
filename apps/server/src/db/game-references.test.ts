import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';
import { fundPlayer, signedInClient } from '../test/signed-in.js';

/**
 * A round's rows name their game without locking its row (migration 0162,
 * docs/decisions/065-game-round-speed.md). Foreign keys took a KEY SHARE lock on the
 * game's row for every bet row, wallet record, round row and recently-played row, so every player
 * of one game locked the same row and PostgreSQL recorded the lockers as multixacts. The game is
 * now checked once per statement, without a lock, and a game is never deleted nor given another
 * id, so the check cannot be undone before the row commits.
 *
 * The first part runs on both databases, as the tables' owner (the server's role writes no wallet
 * record itself, docs/decisions/055); each statement runs in a transaction that is rolled back,
 * so a statement that wrongly succeeds leaves the shared test database as it was.
 */
async function attempt(...statements: string[]): Promise<string> {
  const { owner } = await testServer();
  return owner.withConnection(async (run) => {
    await run('begin');
    try {
      for (const statement of statements) await run(statement);
      return 'done';
    } catch (error) {
      return (error as Error).message;
    } finally {
      await run('rollback');
    }
  });
}

const player = (name: string) => `insert into users (username, email) values ('${name}', '${name}@games.test') returning id`;
const firstGame = '(select min(id) from casino_games)';

/** A row of each table that names a game, written by one statement; `game` is SQL for its id. */
const rowsNaming = (game: string): Record<string, string> => ({
  casino_bets: `with u as (${player('gameref1')})
    insert into casino_bets (user_id, game_id, round_id, coin, bet_amount, win_amount, status)
    select u.id, ${game}, 'r1', 'GC', 100, 0, 'settled' from u`,
  casino_wallet_transactions: `with u as (${player('gameref2')})
    insert into casino_wallet_transactions (transaction_id, action, fingerprint, user_id, game_id, round_id, coin, amount, balance_before, balance_after)
    select 'gameref-tx', 'bet', 'f', u.id, ${game}, 'r1', 'GC', 100, 100, 0 from u`,
  casino_recent_games: `with u as (${player('gameref3')})
    insert into casino_recent_games (user_id, game_id, last_played_at) select u.id, ${game}, now() from u`,
  rgs_rounds: `with u as (${player('gameref4')}),
    s as (insert into rgs_game_sessions (token_hash, launch_id, user_id, casino_game_id, title_id, coin, expires_at)
          select 'gameref-hash', 'gameref-launch', u.id, ${firstGame}, 't', 'GC', now() + interval '1 hour' from u returning id, user_id)
    insert into rgs_rounds (session_id, request_id, user_id, casino_game_id, title_id, profile_id, coin, bet, status)
    select s.id, 'q1', s.user_id, ${game}, 't', 'p', 'GC', 100, 'settled' from s`,
});

describe("a round's rows and their game", () => {
  it.each(Object.entries(rowsNaming(firstGame)))('%s accepts a row naming a game that exists', async (_table, statement) => {
    expect(await attempt(statement)).toBe('done');
  });

  it.each(Object.entries(rowsNaming('-1')))('%s refuses a row naming no game', async (table, statement) => {
    expect(await attempt(statement)).toBe(`a row of ${table} names game -1, which does not exist`);
  });

  // An identity column can be updated only to DEFAULT, which draws a new id.
  it('keeps every game: none is deleted, none changes its id', async () => {
    const game = `insert into casino_games (identifier, name, provider_id, game_type, image_url)
      select 'gameref-game', 'Game reference', provider_id, 'slot', '' from casino_games where id = ${firstGame}`;
    const made = "(select id from casino_games where identifier = 'gameref-game')";
    expect(await attempt(game, `delete from casino_games where id = ${made}`)).toBe('games are never deleted, and keep their id');
    expect(await attempt(game, `update casino_games set id = default where id = ${made}`)).toBe(
      'games are never deleted, and keep their id',
    );
    expect(await attempt(game, `update casino_games set name = 'Renamed', is_active = false where id = ${made}`)).toBe('done');
  });
});

/**
 * Two players' rounds of one game, each in a transaction still open, leave the game's row as it
 * was: with foreign keys each took a lock on it, and the second made it a multixact. Only
 * PostgreSQL locks rows (PGlite has one connection), so only it can show this.
 */
describe.skipIf(!process.env.DATABASE_URL)('rounds of one game played at once, on PostgreSQL', () => {
  const clients: pg.Client[] = [];
  let gameId: number;
  const players: { userId: number; sessionId: number }[] = [];

  async function connect(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    clients.push(client);
    return client;
  }

  beforeAll(async () => {
    await testServer();
    const setup = await connect();
    const game = await setup.query<{ id: string }>(
      // Not active: the lobby never lists it, so other tests' "first game" stays a playable one.
      `insert into casino_games (identifier, name, provider_id, game_type, image_url, is_active)
       select $1, 'Locks', provider_id, 'slot', '', false from casino_games order by id limit 1 returning id`,
      [`locks-${randomUUID()}`],
    );
    gameId = Number(game.rows[0]!.id);
    for (let i = 0; i < 2; i += 1) {
      const { userId } = await signedInClient('locks');
      await fundPlayer(userId, { gc: 10_000 });
      const session = await setup.query<{ id: string }>(
        `insert into rgs_game_sessions (token_hash, launch_id, user_id, casino_game_id, title_id, coin, expires_at)
         values ($1, $2, $3, $4, 't', 'GC', now() + interval '1 hour') returning id`,
        [randomUUID(), randomUUID(), userId, gameId],
      );
      players.push({ userId, sessionId: Number(session.rows[0]!.id) });
    }
  });

  afterAll(async () => {
    for (const client of clients) await client.end();
  });

  const gameRowLock = async (reader: pg.Client) =>
    (await reader.query<{ xmax: string }>('select xmax::text from casino_games where id = $1', [gameId])).rows[0]!.xmax;

  it("lock nothing of the game's row", async () => {
    const reader = await connect();
    const before = await gameRowLock(reader);
    const open: pg.Client[] = [];
    for (const { userId, sessionId } of players) {
      const client = await connect();
      const round = randomUUID();
      await client.query('begin');
      const played = await client.query<{ answer: { bet: { balance: number } } }>(
        `select wallet_bet_win($1, 'f', 'f', $2, 'f', 'f', $3, $4, $5, 'GC', 100, 50) as answer`,
        [`bet-${round}`, `win-${round}`, userId, gameId, round],
      );
      expect(played.rows[0]!.answer.bet.balance).toBe(9_900);
      await client.query(
        `insert into rgs_rounds (session_id, request_id, user_id, casino_game_id, title_id, profile_id, coin, bet, win, status)
         values ($1, $2, $3, $4, 't', 'p', 'GC', 100, 50, 'settled')`,
        [sessionId, round, userId, gameId],
      );
      await client.query(
        `insert into casino_recent_games (user_id, game_id, last_played_at) values ($1, $2, now())
         on conflict (user_id, game_id) do update set last_played_at = excluded.last_played_at`,
        [userId, gameId],
      );
      open.push(client);
    }
    expect(await gameRowLock(reader)).toBe(before);
    for (const client of open) await client.query('commit');
    expect(await gameRowLock(reader)).toBe(before);
    const written = await reader.query<{ bets: number; rounds: number }>(
      `select (select count(*)::int from casino_bets where game_id = $1) as bets,
              (select count(*)::int from rgs_rounds where casino_game_id = $1) as rounds`,
      [gameId],
    );
    expect(written.rows[0]).toEqual({ bets: 2, rounds: 2 });
  });
});
