// Ledger movements against pgbench's TPC-B: bets and wins per second through
// the ledger's public API (standaloneLedger: each movement one transaction, as a bet that writes
// nothing else would run) next to the transactions per second of pgbench's built-in TPC-B script
// on the same PostgreSQL, with the same number of clients and the same duration. Three pairs:
//   8 clients over 50 players   vs pgbench -c 8 at scale 50 (50 branch rows: as many rows that
//                                  every transaction updates as there are players);
//   1 client over 50 players    vs pgbench -c 1 at scale 50;
//   8 clients on one hot player vs pgbench -c 8 at scale 1 (one branch row, which every TPC-B
//                                  transaction updates: its hot row).
// pgbench and the ledger alternate (pgbench, ledger, pgbench, ledger, ...), `rounds` times each;
// the medians and their ratio are printed with the targets. A CHECKPOINT precedes every timed run. The ledger's pool has one connection
// per client. It asserts nothing.
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/ledger-vs-pgbench.ts [seconds=10] [rounds=3]
// (BENCH_SECONDS sets the seconds too.) The pgbench databases are <name>_pgbench_s50 and _s1.
import { randomInt } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { createPostgresPool, openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { standaloneLedger, type StandaloneLedger } from '../apps/server/src/money/ledger/testing.js';
import { argument, benchDatabaseUrl, machineLine, median, percentile, postgresVersion, ratio, round1, settle } from './support/figures.js';
import { fundedPlayers, slotSessionMovement } from './support/ledger-players.js';
import { pgbenchCommand, pgbenchDatabase, runPgbench } from './support/pgbench.js';
import { SOURCE_SCHEMA } from '../apps/server/src/db/schema-sources.js';

const seconds = argument(0, 10, 'BENCH_SECONDS');
const rounds = argument(1, 3);
const databaseUrl = benchDatabaseUrl();

console.log(machineLine(await postgresVersion(databaseUrl)));

const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
await migrate(handle, SOURCE_SCHEMA);
const setupLedger = standaloneLedger(handle.db);
const run = `${Date.now().toString(36)}${randomInt(1e9).toString(36)}`;

const players = fundedPlayers(handle, setupLedger, { prefix: 'l', gc: 1_000_000_000 });

interface Pair {
  label: string;
  clients: number;
  players: number[];
  pgbenchScale: number;
  target: number;
  /** The ledger over a pool of `clients` connections. */
  pool: pg.Pool;
  ledger: StandaloneLedger;
}

function pair(label: string, clients: number, playerIds: number[], pgbenchScale: number, target: number): Pair {
  // The server's own pool (prepared statements, the same connection settings), one connection per client.
  const pool = createPostgresPool(databaseUrl, clients);
  const ledger = standaloneLedger(drizzle({ client: pool, schema }));
  return { label, clients, players: playerIds, pgbenchScale, target, pool, ledger };
}

let sequence = 0;
/** `clients` callers, each moving coins until the time is up: two bets to one win, as a slot session. */
async function ledgerRun(p: Pair, durationMs: number) {
  const latencies: number[] = [];
  let movements = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  async function caller() {
    while (performance.now() < deadline) {
      const t0 = performance.now();
      await slotSessionMovement(p.ledger, p.players, sequence++, `bench:${run}`);
      latencies.push(performance.now() - t0);
      movements += 1;
    }
  }
  await Promise.all(Array.from({ length: p.clients }, () => caller()));
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: movements / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), movements };
}

const spread = await players(50);
const hot = await players(1);
const pairs = [
  pair('8 clients, 50 players', 8, spread, 50, 1.0),
  pair('1 client, 50 players', 1, spread, 50, 1.0),
  pair('8 clients, one hot player', 8, hot, 1, 0.5),
];
const pgbenchUrls = new Map<number, string>();
for (const scale of new Set(pairs.map((p) => p.pgbenchScale))) pgbenchUrls.set(scale, await pgbenchDatabase(databaseUrl, scale));

// Warm-up: every pool connection open and the ledger's statements seen once, before timing.
for (const p of pairs) await ledgerRun(p, 300);

console.log(
  `Ledger movements (standaloneLedger debitBet/creditWin, GC, one transaction each) against pgbench TPC-B on the same server, ` +
    `${seconds} s each, ${rounds} rounds interleaved, medians:`,
);
const table = [];
for (const p of pairs) {
  const tps: number[] = [];
  const pgLatency: number[] = [];
  const perSecond: number[] = [];
  const p50: number[] = [];
  const p99: number[] = [];
  for (let r = 0; r < rounds; r += 1) {
    await settle(databaseUrl);
    const ceiling = await runPgbench(pgbenchUrls.get(p.pgbenchScale)!, { clients: p.clients, seconds });
    tps.push(ceiling.tps);
    pgLatency.push(ceiling.latencyMs);
    await settle(databaseUrl);
    const product = await ledgerRun(p, seconds * 1000);
    perSecond.push(product.perSecond);
    p50.push(product.p50);
    p99.push(product.p99);
  }
  const value = ratio(median(perSecond), median(tps));
  table.push({
    pair: p.label,
    'ledger movements/s': Math.round(median(perSecond)),
    'ledger p50 ms': round1(median(p50)),
    'ledger p99 ms': round1(median(p99)),
    'pgbench tps': Math.round(median(tps)),
    'pgbench avg ms': round1(median(pgLatency)),
    ratio: value,
    target: `>= ${p.target.toFixed(1)}x ${value >= p.target ? 'met' : 'not met'}`,
  });
}
console.table(table);
for (const p of pairs) console.log(`${p.label}: ceiling ${pgbenchCommand(p.clients, p.pgbenchScale, seconds)}`);
console.log(
  'pgbench at scale 50 has 50 branch rows, each transaction updating one (as each movement updates one of 50 players); ' +
    'at scale 1 every transaction updates the one branch row, as every movement of the hot player locks its account.',
);

for (const p of pairs) await p.pool.end();
await handle.close();
