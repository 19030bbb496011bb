// pgbench's built-in TPC-B script (`pgbench -b tpcb-like`) as the ceiling of the PostgreSQL
// benchmarks: the same server, the same number of clients, the same duration, run by the
// benchmark between its own runs. Each scale gets a scratch database of its own next to
// BENCH_DATABASE_URL's (`<name>_pgbench_s<scale>`), initialised once by `pgbench -i` and reused.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import pg from 'pg';

export interface PgbenchResult {
  tps: number;
  latencyMs: number;
  transactions: number;
}

/** PGBENCH, else pgbench on PATH, else the newest /usr/lib/postgresql/<version>/bin/pgbench. */
export function pgbenchPath(): string {
  if (process.env.PGBENCH) return process.env.PGBENCH;
  if (spawnSync('pgbench', ['--version']).status === 0) return 'pgbench';
  const versions = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a)) : [];
  for (const version of versions) {
    const candidate = `/usr/lib/postgresql/${version}/bin/pgbench`;
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error('pgbench not found: install postgresql-client (or contrib) or set PGBENCH');
}

/** pgbench's connection options and password for a postgres:// URL. */
function connection(url: string): { args: string[]; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const args = ['-h', parsed.hostname || '127.0.0.1', '-p', parsed.port || '5432', '-U', decodeURIComponent(parsed.username || 'postgres')];
  const env = { ...process.env, ...(parsed.password ? { PGPASSWORD: decodeURIComponent(parsed.password) } : {}) };
  return { args: [...args, decodeURIComponent(parsed.pathname.slice(1))], env };
}

/**
 * The scratch TPC-B database at this scale (scale 1 is one branch row, which every transaction
 * updates: TPC-B's hot row; scale N spreads the transactions over N branch rows).
 */
export async function pgbenchDatabase(baseUrl: string, scale: number): Promise<string> {
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1)}_pgbench_s${scale}`;
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  let branches = -1;
  try {
    const table = await client.query(`select to_regclass('pgbench_branches') is not null as present`);
    if ((table.rows[0] as { present: boolean }).present) {
      branches = Number((await client.query<{ n: string }>('select count(*)::text as n from pgbench_branches')).rows[0]?.n);
    }
  } finally {
    await client.end();
  }
  if (branches !== scale) {
    const { args, env } = connection(url.toString());
    const started = performance.now();
    // Server-side data generation (G): seconds instead of minutes at scale 50.
    const init = spawnSync(pgbenchPath(), ['-i', '-s', String(scale), '-I', 'dtGvp', '-q', ...args], { env, encoding: 'utf8' });
    if (init.status !== 0) throw new Error(`pgbench -i failed: ${init.stderr}`);
    console.log(`(initialised ${name} with pgbench -i -s ${scale} in ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  return url.toString();
}

/**
 * One timed run of the built-in TPC-B script, or of a script of the benchmark's own (`script`: a
 * file, run without pgbench's vacuum of its tables and with prepared statements, as the server
 * sends its statements); the throughput pgbench reports without connection time.
 */
export function runPgbench(
  url: string,
  { clients, seconds, script }: { clients: number; seconds: number; script?: string },
): Promise<PgbenchResult> {
  const { args, env } = connection(url);
  const threads = Math.max(1, Math.min(clients, os.cpus().length));
  const workload = script ? ['-n', '-M', 'prepared', '-f', script] : ['-b', 'tpcb-like'];
  const child = spawn(pgbenchPath(), [...workload, '-c', String(clients), '-j', String(threads), '-T', String(seconds), ...args], {
    env,
  });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const tps = /tps = ([\d.]+) \(without initial connection time\)/.exec(out)?.[1];
      const latency = /latency average = ([\d.]+) ms/.exec(out)?.[1];
      const transactions = /number of transactions actually processed: (\d+)/.exec(out)?.[1];
      const failures = Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0);
      if (code !== 0 || !tps || failures > 0) {
        reject(new Error(`pgbench failed (exit ${code}):\n${out}`));
        return;
      }
      resolve({ tps: Number(tps), latencyMs: Number(latency ?? 0), transactions: Number(transactions ?? 0) });
    });
  });
}

/** How the ceiling was run, for the printed figures. */
export function pgbenchCommand(clients: number, scale: number, seconds: number): string {
  const threads = Math.max(1, Math.min(clients, os.cpus().length));
  return `pgbench -b tpcb-like -c ${clients} -j ${threads} -T ${seconds}, scale ${scale}`;
}
