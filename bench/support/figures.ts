// Shared by the benchmarks that print ratios: the machine line every benchmark
// prints with its figures, medians and percentiles, and the scratch PostgreSQL database.
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import pg from 'pg';

export const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The p-th percentile of an ascending list (nearest rank). */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

export const round1 = (value: number): number => Math.round(value * 10) / 10;
export const ratio = (product: number, ceiling: number): number => (ceiling > 0 ? Math.round((product / ceiling) * 100) / 100 : 0);

/** A number from the command line (position `index`), else BENCH_SECONDS-style environment, else the default. */
export function argument(index: number, fallback: number, envName?: string): number {
  const raw = process.argv[2 + index] ?? (envName ? process.env[envName] : undefined);
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`argument ${index + 1} must be a positive number, got ${raw}`);
  return value;
}

/**
 * BENCH_DATABASE_URL, a scratch PostgreSQL database the benchmark fills; without it the benchmark
 * prints why it does nothing and exits successfully (npm run bench goes on with the next one).
 */
export function benchDatabaseUrl(): string {
  const url = process.env.BENCH_DATABASE_URL;
  if (!url) {
    console.log('skipped: set BENCH_DATABASE_URL to a scratch PostgreSQL database (postgres://…)');
    process.exit(0);
  }
  return url;
}

export async function postgresVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const result = await client.query<{ server_version: string }>('show server_version');
    return `PostgreSQL ${result.rows[0]?.server_version.split(' ')[0] ?? 'unknown'}`;
  } finally {
    await client.end();
  }
}

/** The machine the figures come from: cores, CPU model, memory, Node, the database, and the load when it started. */
export function machineLine(database?: string): string {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const memory = `${Math.round(os.totalmem() / 2 ** 30)} GiB`;
  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const system = spawnSync('sh', ['-c', '. /etc/os-release 2>/dev/null && echo "$PRETTY_NAME"'], { encoding: 'utf8' }).stdout.trim();
  return [
    `machine: ${cpus.length} cores, ${model}, ${memory}`,
    system || `${process.platform} ${process.arch}`,
    `Node ${process.version}`,
    ...(database ? [database] : []),
    `load average ${load} at start`,
  ].join('; ');
}

/** Resolves after `ms`. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes every dirty page out (CHECKPOINT) before a timed run, so each run of the ceiling and of
 * the product starts from the same state: without it, whichever runs after `pgbench -i` or after
 * the other's writes pays for their checkpoint and the first full-page images that follow it
 * (seen swinging one ratio from 0.8x to 1.1x between two runs). Needs superuser or pg_checkpoint;
 * without them it says so once and the runs go on unsettled. First it waits (at most
 * SETTLE_VACUUM_WAIT_MS) for autovacuum workers that an earlier benchmark's writes started to
 * finish, so that neither run shares the machine with them.
 */
let settleRefused = false;
const SETTLE_VACUUM_WAIT_MS = 30_000;
export async function settle(url: string): Promise<void> {
  if (settleRefused) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const deadline = performance.now() + SETTLE_VACUUM_WAIT_MS;
    while (performance.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker'",
      );
      if (rows[0]!.n === 0) break;
      await sleep(250);
    }
    await client.query('checkpoint');
  } catch (error) {
    settleRefused = true;
    console.log(`(no CHECKPOINT before the timed runs: ${(error as Error).message})`);
  } finally {
    await client.end();
  }
}

export interface CallersRun {
  /** Calls answered as done, per second of the run. */
  perSecond: number;
  p50: number;
  p99: number;
  /** Calls answered as refused or failed. */
  failed: number;
}

/**
 * `count` callers, each making call after call (`call(caller)`, true when it succeeded) until
 * `durationMs` are up: successes per second, and the latency percentiles of every call.
 */
export async function callersRun(count: number, durationMs: number, call: (caller: number) => Promise<boolean>): Promise<CallersRun> {
  const latencies: number[] = [];
  let done = 0;
  let failed = 0;
  const started = performance.now();
  const deadline = started + durationMs;
  await Promise.all(
    Array.from({ length: count }, async (_, caller) => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        const succeeded = await call(caller);
        latencies.push(performance.now() - t0);
        if (succeeded) done += 1;
        else failed += 1;
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: done / elapsed, p50: percentile(latencies, 50), p99: percentile(latencies, 99), failed };
}
