// Where a ledger movement's CPU goes (docs/decisions/064): 8 callers over 50
// players move coins through the ledger's public API, as bench/ledger-vs-pgbench.ts does (two
// bets to one win, GC, each movement one transaction on a pool of 8 connections), and the CPU
// time that this process (the ledger's caller: Drizzle, node-postgres) and every PostgreSQL
// process used meanwhile is read from /proc and divided by the movements made. At 8 clients the
// machine is busy, so movements per second follow CPU per movement: this shows which side a change
// moved, with less noise than throughput.
// Two more columns show how long the caller's event loop and the PostgreSQL processes were ready
// to run but waited for a CPU (/proc/<pid>/schedstat).
// It is a diagnostic, not a ratio: it asserts nothing and compares nothing. Linux only (/proc).
// Run: BENCH_DATABASE_URL=postgres://…/scratch npx tsx bench/ledger-cost.ts [seconds=10] [runs=2]
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import { createPostgresPool, openDatabase } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import * as schema from '../apps/server/src/db/schema/index.js';
import { standaloneLedger } from '../apps/server/src/money/ledger/testing.js';
import { argument, benchDatabaseUrl, machineLine, postgresVersion } from './support/figures.js';
import { fundedPlayers, slotSessionMovement } from './support/ledger-players.js';
import { postgresCpuMs, postgresWaitMs, processCpuMs, processWaitMs } from './support/process-cpu.js';
import { SOURCE_SCHEMA } from '../apps/server/src/db/schema-sources.js';

const seconds = argument(0, 10, 'BENCH_SECONDS');
const runs = argument(1, 2);
const CLIENTS = 8;
const PLAYERS = 50;
const databaseUrl = benchDatabaseUrl();

console.log(machineLine(await postgresVersion(databaseUrl)));
const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
await migrate(handle, SOURCE_SCHEMA);
const players = await fundedPlayers(handle, standaloneLedger(handle.db), { prefix: 'c', gc: 1_000_000_000 })(PLAYERS);
// The server's own pool (prepared statements, the same connection settings), one connection per caller.
const pool = createPostgresPool(databaseUrl, CLIENTS);
const ledger = standaloneLedger(drizzle({ client: pool, schema }));
const run = `${Date.now().toString(36)}`;

let sequence = 0;
/** CLIENTS callers move coins until the time is up; answers the movements made. */
async function move(durationMs: number): Promise<number> {
  let movements = 0;
  const deadline = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        await slotSessionMovement(ledger, players, sequence++, `cost:${run}`);
        movements += 1;
      }
    }),
  );
  return movements;
}

await move(3000); // warm-up: connections open, statements and functions prepared

const rows = [];
for (let index = 0; index < runs; index += 1) {
  const callerBefore = processCpuMs(process.pid);
  const postgresBefore = postgresCpuMs();
  const callerWaitBefore = processWaitMs(process.pid);
  const postgresWaitBefore = postgresWaitMs();
  const started = performance.now();
  const movements = await move(seconds * 1000);
  const elapsedMs = performance.now() - started;
  const callerMs = processCpuMs(process.pid) - callerBefore;
  const postgresMs = postgresCpuMs() - postgresBefore;
  const callerWaitMs = processWaitMs(process.pid) - callerWaitBefore;
  const postgresWaitedMs = postgresWaitMs() - postgresWaitBefore;
  rows.push({
    'movements/s': Math.round((movements * 1000) / elapsedMs),
    'caller ms': Math.round((callerMs / movements) * 1000) / 1000,
    'PostgreSQL ms': Math.round((postgresMs / movements) * 1000) / 1000,
    'machine busy': `${Math.round(((callerMs + postgresMs) / (elapsedMs * os.cpus().length)) * 100)}%`,
    // Ready to run but waiting for a CPU (Linux schedstat): the caller's event loop as a share of
    // the run, PostgreSQL's processes per movement.
    'caller waiting': `${Math.round((callerWaitMs / elapsedMs) * 100)}%`,
    'PostgreSQL waiting ms': Math.round((postgresWaitedMs / movements) * 1000) / 1000,
  });
}
console.log(`Ledger movements, ${CLIENTS} callers over ${PLAYERS} players, ${seconds} s per run, CPU per movement by process:`);
console.table(rows);

await pool.end();
await handle.close();
