// Whole game rounds against pgbench's TPC-B (issue 17 point 6): 20 players playing at once, each
// round a real HTTP request to the in-house game server's round route (POST /rgs/api/rounds with
// the game session, as the game page sends it: session check, location gate, bet, outcome, win,
// round and bet rows, domain events and their delivery), against the whole product in a process
// of its own on PostgreSQL (support/server-process.ts). The ceiling is pgbench's built-in TPC-B
// script with as many clients (20) at scale 50, on the same server for the same time; the two
// alternate, `rounds` times each, each after a CHECKPOINT, and the medians and their ratio are printed. Target: 0.5x.
// It asserts nothing.
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/game-rounds.ts [seconds=10] [rounds=3] [players=20]
import { openDatabase } from '../apps/server/src/db/client.js';
import { argument, benchDatabaseUrl, machineLine, median, percentile, postgresVersion, ratio, round1, settle } from './support/figures.js';
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
async function roundsRun(durationMs: number) {
  const latencies: number[] = [];
  let played = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    games.map(async (game) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const response = await playRound(server.appUrl, game);
        latencies.push(performance.now() - t0);
        if (response.status === 200) played += 1;
        else failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: played / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed };
}

await roundsRun(1000); // warm-up: connections open, statements and code paths seen once

const tps: number[] = [];
const perSecond: number[] = [];
const p50: number[] = [];
const p99: number[] = [];
let failed = 0;
for (let r = 0; r < rounds; r += 1) {
  await settle(databaseUrl);
  tps.push((await runPgbench(pgbenchUrl, { clients: playerCount, seconds })).tps);
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

await database.close();
await server.stop();
