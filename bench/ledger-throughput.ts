// Ledger throughput: how many bets and wins per second the wallet settles, with many
// concurrent callers on one hot player (all contend for the same row locks) and spread over many
// players, and the latency of each movement. It prints figures and the ledger's invariants at the
// end; it asserts nothing.
// Run: npx tsx bench/ledger-throughput.ts [movements=2000] [concurrency=16]
// Embedded PGlite in memory by default; BENCH_DATABASE_URL=postgres://... runs it on PostgreSQL
// (the database must be empty or a scratch one: the benchmark adds players and movements to it).
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../apps/server/src/db/client.js';
import { migrate } from '../apps/server/src/db/migrate.js';
import { standaloneLedger } from '../apps/server/src/money/ledger/testing.js';
import { percentile } from './support/figures.js';
import { fundedPlayers } from './support/ledger-players.js';
import { SOURCE_SCHEMA } from '../apps/server/src/db/schema-sources.js';

const movements = Number(process.argv[2] ?? 2_000);
const concurrency = Number(process.argv[3] ?? 16);
const databaseUrl = process.env.BENCH_DATABASE_URL;

const handle = await openDatabase({ databaseUrl, dataDir: 'memory://' });
await migrate(handle, SOURCE_SCHEMA);
const ledger = standaloneLedger(handle.db);
const run = `${Date.now().toString(36)}${randomInt(1e9).toString(36)}`;

const players = fundedPlayers(handle, ledger, { prefix: 'b', gc: 100_000_000 });

async function scenario(label: string, playerIds: number[]) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  async function worker() {
    while (next < movements) {
      const index = next++;
      const userId = playerIds[index % playerIds.length]!;
      const t0 = performance.now();
      // Two of three movements are bets, one a win: roughly a slot session.
      if (index % 3 === 2) {
        await ledger.creditWin({ userId, coin: 'GC', amount: 150, idempotencyKey: `bench:${run}:${label}:${index}` });
      } else {
        await ledger.debitBet({ userId, coin: 'GC', amount: 100, idempotencyKey: `bench:${run}:${label}:${index}` });
      }
      latencies.push(performance.now() - t0);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    scenario: label,
    players: playerIds.length,
    movements,
    concurrency,
    'movements/s': Math.round(movements / seconds),
    'p50 ms': percentile(latencies, 50).toFixed(1),
    'p95 ms': percentile(latencies, 95).toFixed(1),
    'p99 ms': percentile(latencies, 99).toFixed(1),
  };
}

console.log(`database: ${handle.kind}; ${movements} movements per scenario, ${concurrency} concurrent callers\n`);
const hot = await players(1);
const spread = await players(50);
const results = [await scenario('one hot player', hot), await scenario('50 players', spread)];
console.table(results);

// The invariants the tests prove, read back after the load: entries sum to zero per coin, and
// every cached player balance equals the sum of its account's entries.
const [sums] = await queryRows<{ gc: string; sc: string }>(
  handle.db,
  sql`select coalesce(sum(amount) filter (where coin = 'GC'), 0)::text as gc, coalesce(sum(amount) filter (where coin = 'SC'), 0)::text as sc from ledger_entries`,
);
const [drift] = await queryRows<{ accounts: string }>(
  handle.db,
  sql`select count(*)::text as accounts from ledger_accounts a
      left join (select account_id, sum(amount) as total from ledger_entries group by account_id) e on e.account_id = a.id
      where a.user_id is not null and a.balance <> coalesce(e.total, 0)`,
);
console.log(
  `\nsum of all entries: GC ${sums?.gc}, SC ${sums?.sc}; player accounts whose cached balance differs from their entries: ${drift?.accounts}`,
);
await handle.close();
