// Whole game rounds against pgbench's TPC-B (issue 17 point 6): 20 players playing at once, each
// round a real HTTP request to the in-house game server's round route (POST /rgs/api/rounds with
// the game session, as the game page sends it: session check, location gate, bet, outcome, win,
// round and bet rows, domain events and their delivery), against the whole product in a process
// of its own on PostgreSQL (support/server-process.ts). The ceiling is pgbench's built-in TPC-B
// script with as many clients (20) at scale 50, on the same server for the same time; the two
// alternate, `rounds` times each, each after a CHECKPOINT, and the medians and their ratio are printed. Target: 0.5x.
// A third run in each round shows the database's share: the round's one statement as the server
// sends it (the wallet's wallet_bet_win with the round row written alongside), driven by pgbench
// itself with the same 20 players, so without HTTP, Node, the session's read or the events'
// delivery: the most rounds per second this database work allows on the machine, whatever the
// server does. It asserts nothing.
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/game-rounds.ts [seconds=10] [rounds=3] [players=20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bigintArray } from '../apps/server/src/db/array-literals.js';
import { openDatabase, statementRows } from '../apps/server/src/db/client.js';
import { argument, benchDatabaseUrl, callersRun, machineLine, median, postgresVersion, ratio, round1, settle } from './support/figures.js';
import { pgbenchCommand, pgbenchDatabase, runPgbench } from './support/pgbench.js';
import { firstSlot, fundPlayers, openGame, playRound, signedInPlayers, startServerProcess, type OpenGame } from './support/product.js';

const seconds = argument(0, 10, 'BENCH_SECONDS');
const rounds = argument(1, 3);
const playerCount = argument(2, 20);
const pgbenchScale = 50;
const target = 0.5;
const databaseUrl = benchDatabaseUrl();

console.log(machineLine(await postgresVersion(databaseUrl)));
const server = await startServerProcess(databaseUrl);
const database = await openDatabase({ databaseUrl, dataDir: 'memory://' });
const pgbenchUrl = await pgbenchDatabase(databaseUrl, pgbenchScale);

const players = await signedInPlayers(database, playerCount, 'gr');
await fundPlayers(database, players, 1_000_000_000);
const gameId = await firstSlot(server.appUrl);
const games: OpenGame[] = [];
for (const player of players) games.push(await openGame(server.appUrl, player, gameId));

/** Every player plays round after round until the time is up. */
const roundsRun = (durationMs: number) =>
  callersRun(games.length, durationMs, async (index) => (await playRound(server.appUrl, games[index]!)).status === 200);

await roundsRun(1000); // warm-up: connections open, statements and code paths seen once

/**
 * The round's statement for pgbench: each client plays one of the players in their open game
 * session, a bet of the game's default and, one round in two, a win of twice the bet (about the
 * slot's share of won rounds), with the title, math profile and an outcome of a round the warm-up
 * played (in base64: pgbench reads `:name` in the script as a variable, even inside a string).
 * Ids are drawn at random per round, as new as the server's.
 */
async function roundScript(folder: string): Promise<string> {
  const userIds = games.map((game) => game.player.userId);
  const sessions = await statementRows<{ user_id: string; id: string }>(
    database.db,
    'select distinct on (user_id) user_id, id from rgs_game_sessions where user_id = any($1::bigint[]) order by user_id, id desc',
    [bigintArray(userIds)],
  );
  const sessionOf = new Map(sessions.map((row) => [Number(row.user_id), row.id]));
  const [sample] = await statementRows<{ title_id: string; profile_id: string; outcome: unknown }>(
    database.db,
    'select title_id, profile_id, outcome from rgs_rounds where user_id = any($1::bigint[]) order by id desc limit 1',
    [bigintArray(userIds)],
  );
  if (!sample || sessions.length !== games.length) throw new Error('the warm-up left no round or game session to copy');
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  const bet = games[0]!.bet;
  const fingerprint = quote('f'.repeat(64));
  const file = path.join(folder, 'round.sql');
  fs.writeFileSync(
    file,
    [
      '\\set r random(1, 1000000000000000)',
      '\\set won random(0, 1)',
      `with played as (select wallet_bet_win('pgbench-bet-' || :r, ${fingerprint}, ${fingerprint}, 'pgbench-win-' || :r, ${fingerprint}, ${fingerprint}, ` +
        `(array[${userIds.join(',')}]::bigint[])[:client_id + 1], ${gameId}, 'pgbench-' || :r, 'GC', ${bet}::bigint, (:won * ${2 * bet})::bigint) as answer), ` +
        `alongside as (insert into rgs_rounds (id, session_id, request_id, user_id, casino_game_id, title_id, profile_id, coin, bet, win, ` +
        `outcome, status, balance_before, balance_after, created_at, settled_at) overriding system value ` +
        `select nextval(pg_get_serial_sequence('rgs_rounds', 'id')), (array[${userIds.map((id) => sessionOf.get(id)).join(',')}]::bigint[])[:client_id + 1], ` +
        `'pgbench-' || :r, (array[${userIds.join(',')}]::bigint[])[:client_id + 1], ${gameId}, ${quote(sample.title_id)}, ${quote(sample.profile_id)}, 'GC', ` +
        `${bet}, :won * ${2 * bet}, convert_from(decode('${Buffer.from(JSON.stringify(sample.outcome)).toString('base64')}', 'base64'), 'utf8')::jsonb, case when answer ? 'error' then 'refused' else 'settled' end, ` +
        `(answer #>> '{bet,balanceBefore}')::bigint, (answer #>> '{win,balance}')::bigint, now(), now() from played) ` +
        'select answer from played;',
    ].join('\n') + '\n',
  );
  return file;
}
const scriptFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'rounds-'));
const script = await roundScript(scriptFolder);

const tps: number[] = [];
const databaseAlone: number[] = [];
const perSecond: number[] = [];
const p50: number[] = [];
const p99: number[] = [];
let failed = 0;
for (let r = 0; r < rounds; r += 1) {
  await settle(databaseUrl);
  tps.push((await runPgbench(pgbenchUrl, { clients: playerCount, seconds })).tps);
  await settle(databaseUrl);
  databaseAlone.push((await runPgbench(databaseUrl, { clients: playerCount, seconds, script })).tps);
  // The events of pgbench's rounds are not the product's to deliver: left pending, the outbox
  // relay would deliver thousands of them during the next timed run of whole rounds.
  await statementRows(
    database.db,
    `update outbox_events set delivered_at = now() where delivered_at is null and payload->>'roundId' like 'pgbench-%'`,
    [],
  );
  await settle(databaseUrl);
  const product = await roundsRun(seconds * 1000);
  perSecond.push(product.perSecond);
  p50.push(product.p50);
  p99.push(product.p99);
  failed += product.failed;
}
const value = ratio(median(perSecond), median(tps));
console.log(
  `Game rounds (GC slot, HTTP to /rgs/api/rounds, server in its own process) with ${playerCount} players at once against pgbench TPC-B with ` +
    `${playerCount} clients, ${seconds} s each, ${rounds} rounds interleaved, medians:`,
);
console.table([
  {
    'rounds/s': Math.round(median(perSecond)),
    'round p50 ms': round1(median(p50)),
    'round p99 ms': round1(median(p99)),
    'pgbench tps': Math.round(median(tps)),
    ratio: value,
    target: `>= ${target.toFixed(1)}x ${value >= target ? 'met' : 'not met'}`,
    'failed rounds': failed,
  },
]);
console.log(`ceiling: ${pgbenchCommand(playerCount, pgbenchScale, seconds)}`);
console.log(
  `The round's statement alone, driven by pgbench (${playerCount} clients, prepared, no HTTP or Node), medians of the same rounds:`,
);
console.table([
  {
    'rounds/s': Math.round(median(databaseAlone)),
    'pgbench tps': Math.round(median(tps)),
    ratio: ratio(median(databaseAlone), median(tps)),
    'whole rounds, share of it': ratio(median(perSecond), median(databaseAlone)),
  },
]);

fs.rmSync(scriptFolder, { recursive: true, force: true });
await database.close();
await server.stop();
