// `npm run bench`: every benchmark, one after another, each printing its figures
// and its ratios against the baseline it runs alongside, interleaved, with the machine. Benchmarks that need PostgreSQL
// run on BENCH_DATABASE_URL, a scratch database (its tables are filled by the benchmark), and are
// skipped with a line saying so when it is not set. BENCH_SECONDS shortens (or lengthens) each timed
// run of the benchmarks against pgbench and bare socket.io (10 s by default).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sleep } from './support/figures.js';

const root = path.resolve(import.meta.dirname, '..');
const benches: { file: string; args?: string[]; needs?: 'build' | 'postgres'; runner: 'tsx' | 'node' }[] = [
  { file: 'bench/catalogue.ts', runner: 'tsx' },
  { file: 'bench/games-search.ts', runner: 'tsx' },
  { file: 'bench/ledger-throughput.ts', runner: 'tsx' },
  { file: 'bench/ledger-vs-pgbench.ts', runner: 'tsx', needs: 'postgres' },
  { file: 'bench/game-rounds.ts', runner: 'tsx', needs: 'postgres' },
  { file: 'bench/round-floor.ts', runner: 'tsx', needs: 'postgres' },
  { file: 'bench/wallet-latency.ts', runner: 'tsx', needs: 'postgres' },
  { file: 'bench/bundle-size.mjs', runner: 'node', needs: 'build' },
  { file: 'bench/lighthouse.ts', runner: 'tsx', needs: 'build' },
];

/**
 * Each benchmark starts on a quiet machine: after one that loaded both cores, the next waits until
 * the one-minute load average is under QUIET_LOAD (at most QUIET_WAIT_MS). Run right after the
 * ledger pairs (load 3.0), whole rounds made 0.43x and 0.44x; run alone (load 0.5 to 1.2) the same
 * code made 0.49x to 0.53x on the same machine and database.
 */
const QUIET_LOAD = 1.0;
const QUIET_WAIT_MS = 120_000;
async function quiet(): Promise<void> {
  const started = performance.now();
  while (os.loadavg()[0]! >= QUIET_LOAD && performance.now() - started < QUIET_WAIT_MS) await sleep(1000);
  const waited = (performance.now() - started) / 1000;
  if (waited >= 1) console.log(`(waited ${waited.toFixed(0)} s for the load average to fall to ${os.loadavg()[0]!.toFixed(2)})`);
}

let failed = 0;
for (const bench of benches) {
  console.log(`\n== ${bench.file} ==`);
  if (bench.needs === 'build' && !fs.existsSync(path.join(root, 'apps/web/dist'))) {
    console.log('skipped: needs the web build (npm run build)');
    continue;
  }
  if (bench.needs === 'postgres' && !process.env.BENCH_DATABASE_URL) {
    console.log('skipped: set BENCH_DATABASE_URL to a scratch PostgreSQL database');
    continue;
  }
  await quiet();
  const command = bench.runner === 'tsx' ? path.join(root, 'node_modules/.bin/tsx') : process.execPath;
  const result = spawnSync(command, [path.join(root, bench.file), ...(bench.args ?? [])], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  if (result.status !== 0) failed += 1;
}
console.log(
  `\n${benches.length - failed} of ${benches.length} benchmarks ran${failed ? `; ${failed} failed` : ''} on ${process.platform} ${process.arch}, Node ${process.version}.`,
);
process.exitCode = failed ? 1 : 0;
