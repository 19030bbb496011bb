// The floor of a game round on this machine (docs/decisions/068-measuring-on-a-shared-machine.md):
// how many rounds per second the smallest round the money rules allow reaches against pgbench's
// TPC-B, with pgbench alone sending its one statement (no HTTP, no Node) and with a bare Fastify
// route sending it for each HTTP request of 20 callers (support/round-floor-server.ts, in a
// process of its own as the product's server is). The statement (support/round-floor-sql.ts)
// writes five rows and one update in a schema of its own, round_floor, beside the product's
// tables; the product's round writes twelve rows and two updates and goes through the session,
// the game and the events' delivery besides. While the bare HTTP round reaches 0.5x TPC-B, a
// round design that costs one HTTP request and one statement can come close to TPC-B here.
// TPC-B, the statement and the HTTP round alternate, `rounds` times each, each after a
// CHECKPOINT; medians and ratios are printed. It asserts nothing.
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/round-floor.ts [seconds=10] [rounds=3] [players=20]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { argument, benchDatabaseUrl, callersRun, machineLine, median, postgresVersion, ratio, round1, settle } from './support/figures.js';
import { pgbenchCommand, pgbenchDatabase, runPgbench } from './support/pgbench.js';
import { request, startBenchProcess } from './support/product.js';
import { FLOOR_SCHEMA, ROUND_STATEMENT, floorPlayers } from './support/round-floor-sql.js';

const seconds = argument(0, 10, 'BENCH_SECONDS');
const rounds = argument(1, 3);
const playerCount = argument(2, 20);
const pgbenchScale = 50;
const databaseUrl = benchDatabaseUrl();

console.log(machineLine(await postgresVersion(databaseUrl)));
const pgbenchUrl = await pgbenchDatabase(databaseUrl, pgbenchScale);

const admin = new pg.Client({ connectionString: databaseUrl });
await admin.connect();
await admin.query(FLOOR_SCHEMA);
await admin.query(floorPlayers(playerCount, 1_000_000_000_000));

const server = await startBenchProcess('round-floor-server.ts', [], databaseUrl);
const serverUrl = server.ready;

let roundNumber = 0;
/** Every player plays round after round over HTTP until the time is up, one round in two won. */
const httpRounds = (durationMs: number) =>
  callersRun(playerCount, durationMs, async (index) => {
    roundNumber += 1;
    const body = { player: index + 1, round: `http-${Date.now()}-${roundNumber}`, won: roundNumber % 2 };
    return (await request('POST', `${serverUrl}/round`, { body })).status === 200;
  });

// pgbench's script: the same statement, the player from the client's number, random round ids.
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'round-floor-'));
const script = path.join(folder, 'round.sql');
fs.writeFileSync(
  script,
  [
    '\\set r random(1, 1000000000000000)',
    '\\set won random(0, 1)',
    '\\set player :client_id + 1',
    `${ROUND_STATEMENT.replaceAll('$1', ':player').replaceAll('$2', ':r').replaceAll('$3', ':won').replace(/\s+/g, ' ').trim()};`,
  ].join('\n') + '\n',
);

const tps: number[] = [];
const statement: number[] = [];
const http: number[] = [];
const p50: number[] = [];
const p99: number[] = [];
let failed = 0;
try {
  await httpRounds(1000); // warm-up: connections open, the statement prepared, code paths seen once
  for (let r = 0; r < rounds; r += 1) {
    await settle(databaseUrl);
    tps.push((await runPgbench(pgbenchUrl, { clients: playerCount, seconds })).tps);
    await settle(databaseUrl);
    statement.push((await runPgbench(databaseUrl, { clients: playerCount, seconds, script })).tps);
    await settle(databaseUrl);
    const run = await httpRounds(seconds * 1000);
    http.push(run.perSecond);
    p50.push(run.p50);
    p99.push(run.p99);
    failed += run.failed;
  }
} finally {
  await server.stop();
  fs.rmSync(folder, { recursive: true, force: true });
  await admin.query('drop schema round_floor cascade');
  await admin.end();
}

console.log(
  `The smallest round (5 rows and 1 update in one statement) with ${playerCount} players at once against pgbench TPC-B with ` +
    `${playerCount} clients, ${seconds} s each, ${rounds} rounds interleaved, medians:`,
);
console.table([
  { run: 'pgbench TPC-B', 'per second': Math.round(median(tps)), ratio: 1 },
  {
    run: 'the statement alone (pgbench, prepared)',
    'per second': Math.round(median(statement)),
    ratio: ratio(median(statement), median(tps)),
  },
  {
    run: `the statement behind a bare HTTP route (p50 ${round1(median(p50))} ms, p99 ${round1(median(p99))} ms)`,
    'per second': Math.round(median(http)),
    ratio: ratio(median(http), median(tps)),
  },
]);
console.log(`ceiling: ${pgbenchCommand(playerCount, pgbenchScale, seconds)}${failed ? `; ${failed} HTTP rounds refused` : ''}`);
