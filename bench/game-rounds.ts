// Whole game rounds against pgbench's TPC-B: 20 players playing at once, each
// round a real HTTP request to the in-house game server's round route (POST /rgs/api/rounds with
// the game session, as the game page sends it: session check, location gate, bet, outcome, win,
// round and bet rows, domain events and their delivery), against the whole product in a process
// of its own on PostgreSQL (support/server-process.ts). The ceiling is pgbench's built-in TPC-B
// script with as many clients (20) at scale 50, on the same server for the same time; the two
// alternate, `rounds` times each, each after a CHECKPOINT, and the medians and their ratio are printed. Target: 0.5x.
// Two more runs in each round show the database's share, driven by pgbench itself with the same
// 20 players, so without HTTP, Node, the first read of each page's session or the events' delivery:
// - the round's statement alone, one round a transaction (the wallet's wallet_bet_win with the
//   round row written alongside and its login session checked, rgs_bet_guard), as the server
//   sends a round that arrives with no other;
// - the same rounds in groups of 10, through the statement the server sends for rounds that
//   arrive together (money/wallet/round-groups.ts, docs/decisions/065-game-round-speed.md).
// Whole rounds' groups are of every size from 1 up, so these two bound what this database work
// allows on the machine, whatever the server does. It asserts nothing.
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/game-rounds.ts [seconds=10] [rounds=3] [players=20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bigintArray } from '../apps/server/src/db/array-literals.js';
import { openDatabase, statementRows } from '../apps/server/src/db/client.js';
import { argument, benchDatabaseUrl, callersRun, machineLine, median, postgresVersion, ratio, round1, settle } from './support/figures.js';
import { GROUP_LOCK_TIMEOUT_MS, lockTimeout, roundsStatement } from '../apps/server/src/money/wallet/round-groups.js';
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
 * What the pgbench scripts play: each client plays players in their open game sessions, a bet of
 * the game's default and, one round in two, a win of twice the bet (about the slot's share of won
 * rounds), with the title, math profile and an outcome of a round the warm-up played (in base64:
 * pgbench reads `:name` in the script as a variable, even inside a string). Ids are drawn at
 * random per round, as new as the server's.
 */
async function scriptValues() {
  const userIds = games.map((game) => game.player.userId);
  const sessions = await statementRows<{ user_id: string; id: string; casino_session_id: string }>(
    database.db,
    'select distinct on (user_id) user_id, id, casino_session_id from rgs_game_sessions where user_id = any($1::bigint[]) order by user_id, id desc',
    [bigintArray(userIds)],
  );
  const sessionOf = new Map(sessions.map((row) => [Number(row.user_id), row]));
  const [sample] = await statementRows<{ title_id: string; profile_id: string; outcome: unknown }>(
    database.db,
    'select title_id, profile_id, outcome from rgs_rounds where user_id = any($1::bigint[]) order by id desc limit 1',
    [bigintArray(userIds)],
  );
  if (!sample || sessions.length !== games.length) throw new Error('the warm-up left no round or game session to copy');
  const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return {
    players: `array[${userIds.join(',')}]::bigint[]`,
    sessions: `array[${userIds.map((id) => sessionOf.get(id)!.id).join(',')}]::bigint[]`,
    loginSessions: `array[${userIds.map((id) => sessionOf.get(id)!.casino_session_id).join(',')}]::bigint[]`,
    title: quote(sample.title_id),
    profile: quote(sample.profile_id),
    outcome: `convert_from(decode('${Buffer.from(JSON.stringify(sample.outcome)).toString('base64')}', 'base64'), 'utf8')::jsonb`,
    bet: games[0]!.bet,
    fingerprint: quote('f'.repeat(64)),
  };
}
type ScriptValues = Awaited<ReturnType<typeof scriptValues>>;

/** Rounds a group of the grouped script plays: 20 players make 2 pgbench clients of 10 players each. */
const GROUP_SIZE = 10;

/**
 * The server's statement for `size` rounds (money/wallet/round-groups.ts, with the round rows;
 * a group's lock timeout when there are several): each pgbench client plays `size` players of its
 * own, one round each, per transaction; a won round in two. Rounds per second are pgbench's tps
 * times `size`.
 */
function roundsScript(folder: string, v: ScriptValues, size: number): string {
  const slot = `:client_id * ${size} + i`;
  const rounds =
    `(select jsonb_agg(jsonb_build_object('ord', i - 1, ` +
    `'transaction_id', 'pgbench-bet-' || :r || '-' || i, 'fingerprint', ${v.fingerprint}, 'ledger_fingerprint', ${v.fingerprint}, ` +
    `'win_transaction_id', 'pgbench-win-' || :r || '-' || i, 'win_fingerprint', ${v.fingerprint}, 'win_ledger_fingerprint', ${v.fingerprint}, ` +
    `'user_id', (${v.players})[${slot}], 'game_id', ${gameId}, 'round_id', 'pgbench-' || :r || '-' || i, 'coin', 'GC', ` +
    `'amount', ${v.bet}, 'win_amount', ((i + :won) % 2) * ${2 * v.bet}, 'row_id', nextval(pg_get_serial_sequence('rgs_rounds', 'id')), ` +
    `'session_id', (${v.sessions})[${slot}], 'request_id', 'pgbench-' || :r || '-' || i, 'title_id', ${v.title}, ` +
    `'profile_id', ${v.profile}, 'outcome', ${v.outcome}, 'created_at', now(), ` +
    `'casino_session_id', (${v.loginSessions})[${slot}], 'location_check_id', 0)) from generate_series(1, ${size}) i)`;
  const statement = roundsStatement()
    .replace('$1::jsonb', rounds)
    .replace('$2::text', size > 1 ? `'${lockTimeout(GROUP_LOCK_TIMEOUT_MS)}'` : 'null')
    .replace(/--.*$/gm, '')
    .replace(/\s+/g, ' ');
  const file = path.join(folder, `rounds-${size}.sql`);
  fs.writeFileSync(file, ['\\set r random(1, 1000000000000000)', '\\set won random(0, 1)', `${statement};`].join('\n') + '\n');
  return file;
}
const scriptFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'rounds-'));
const values = await scriptValues();
const script = roundsScript(scriptFolder, values, 1);
const grouped = roundsScript(scriptFolder, values, GROUP_SIZE);

const tps: number[] = [];
const databaseAlone: number[] = [];
const databaseGrouped: number[] = [];
const perSecond: number[] = [];
const p50: number[] = [];
const p99: number[] = [];
let failed = 0;
for (let r = 0; r < rounds; r += 1) {
  await settle(databaseUrl);
  tps.push((await runPgbench(pgbenchUrl, { clients: playerCount, seconds })).tps);
  await settle(databaseUrl);
  databaseAlone.push((await runPgbench(databaseUrl, { clients: playerCount, seconds, script })).tps);
  await settle(databaseUrl);
  const groupClients = Math.floor(playerCount / GROUP_SIZE);
  databaseGrouped.push((await runPgbench(databaseUrl, { clients: groupClients, seconds, script: grouped })).tps * GROUP_SIZE);
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
console.log(
  `The same rounds in groups of ${GROUP_SIZE}, through the server's group statement (${Math.floor(playerCount / GROUP_SIZE)} clients of ` +
    `${GROUP_SIZE} players each), medians of the same rounds:`,
);
console.table([
  {
    'rounds/s': Math.round(median(databaseGrouped)),
    'pgbench tps': Math.round(median(tps)),
    ratio: ratio(median(databaseGrouped), median(tps)),
    'whole rounds, share of it': ratio(median(perSecond), median(databaseGrouped)),
  },
]);

fs.rmSync(scriptFolder, { recursive: true, force: true });
await database.close();
await server.stop();
