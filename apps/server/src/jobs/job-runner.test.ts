import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { localJobs } from '../db/schema/index.js';
import { isolatedDatabase, startIsolatedServer } from '../test/isolated-server.js';
import { createLocalRunner } from './local-runner.js';
import { createPgBossRunner } from './pg-boss-runner.js';
import { SOURCE_SCHEMA } from '../db/schema-sources.js';

/**
 * The job runner: jobs survive a restart, failed ones are retried, and with two
 * server processes on one PostgreSQL each job runs once.
 */
const quiet = { error: () => undefined };
const JOB_PROCESS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test/job-process.ts');

async function until(check: () => boolean | Promise<boolean>, seconds: number): Promise<boolean> {
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return check();
}

describe.runIf(process.env.DATABASE_URL)('jobs on PostgreSQL (pg-boss)', () => {
  it('runs each job once when two server processes work the same queue', { timeout: 90_000 }, async () => {
    const target = await isolatedDatabase('jobs');
    const url = target.databaseUrl!;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('create table test_job_runs (n integer not null, runner text not null)');
    // The other process: its own runner, its own connections, the same queue.
    const second = spawn(process.execPath, ['--import', 'tsx', JOB_PROCESS], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const first = createPgBossRunner(url, quiet);
    first.define<{ n: number }>('test.count', {
      handler: async ({ n }) => {
        await admin.query('insert into test_job_runs (n, runner) values ($1, $2)', [n, 'this process']);
      },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        second.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('READY')) resolve();
        });
        second.once('exit', (code) => reject(new Error(`the second process exited with ${code}`)));
      });
      await first.start();
      const jobs = 20;
      for (let n = 0; n < jobs; n += 1) await first.send('test.count', { n });
      const runs = async () => (await admin.query<{ n: number; runner: string }>('select n, runner from test_job_runs')).rows;
      expect(await until(async () => new Set((await runs()).map((row) => row.n)).size === jobs, 45)).toBe(true);
      // Time for a second run of any job to show up, were there one.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const rows = await runs();
      const counts = new Map<number, number>();
      for (const row of rows) counts.set(row.n, (counts.get(row.n) ?? 0) + 1);
      expect([...counts.values()].filter((times) => times !== 1)).toEqual([]);
      expect(rows).toHaveLength(jobs);
    } finally {
      second.kill('SIGTERM');
      await first.stop();
      await admin.end();
    }
  });

  it('retries a failing job until it succeeds', { timeout: 60_000 }, async () => {
    const target = await isolatedDatabase('jobs-retry');
    const runner = createPgBossRunner(target.databaseUrl!, quiet);
    let attempts = 0;
    runner.define('test.flaky', {
      handler: () => {
        attempts += 1;
        if (attempts < 2) return Promise.reject(new Error('not yet'));
        return Promise.resolve();
      },
    });
    try {
      await runner.start();
      await runner.send('test.flaky');
      expect(await until(() => attempts === 2, 45)).toBe(true);
    } finally {
      await runner.stop();
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('the job schema when the server gets a role of its own (PostgreSQL)', () => {
  it('runs jobs as the server’s role on a database first started by the tables’ owner', { timeout: 90_000 }, async () => {
    const target = await isolatedDatabase('jobs-moved', { suffix: 'jobs_moved' });
    // A single-user start, as before the server had a role of its own: no DATABASE_MIGRATION_URL.
    const first = await startIsolatedServer(target, { role: 'owner' });
    await first.stop();
    // Whatever pg-boss made on that start is the owner's, as a server that ran as the owner left it.
    const admin = new pg.Client({ connectionString: target.databaseUrl });
    await admin.connect();
    try {
      await admin.query(`do $$
        declare item record;
        begin
          for item in select oid::regclass as name from pg_class where relnamespace = 'pgboss'::regnamespace and relkind in ('r', 'p') loop
            execute format('alter table %s owner to current_user', item.name);
          end loop;
        end $$`);
    } finally {
      await admin.end();
    }

    // The same database started with the server's login role and the owner's URL to migrate.
    const second = await startIsolatedServer(target);
    const runner = createPgBossRunner(target.serverEnv.DATABASE_URL!, quiet);
    const seen: unknown[] = [];
    runner.define<{ n: number }>('test.moved', {
      handler: async (data) => {
        seen.push(data);
      },
    });
    try {
      await runner.start();
      expect(await runner.send('test.moved', { n: 1 })).toBe(true);
      expect(await until(() => seen.length === 1, 30)).toBe(true);
    } finally {
      await runner.stop();
      await second.stop();
    }
  });
});

describe('jobs on the embedded database', () => {
  it('keeps a queued job across a restart and runs it then, retrying a failure', { timeout: 60_000 }, async () => {
    const target = await isolatedDatabase('local-jobs');
    const first = await openDatabase({ databaseUrl: undefined, dataDir: target.dataDir });
    await migrate(first, SOURCE_SCHEMA);
    const before = createLocalRunner(first.db, quiet);
    before.define('test.later', { handler: () => Promise.reject(new Error('this process never gets to run it')) });
    // Queued, then the process stops before the job is due.
    expect(await before.send('test.later', { payout: 42 }, { startAfterSeconds: 1 })).toBe(true);
    // A singleton key keeps one queued copy.
    expect(await before.send('test.later', {}, { singletonKey: 'one' })).toBe(true);
    expect(await before.send('test.later', {}, { singletonKey: 'one' })).toBe(false);
    await first.close();

    const second = await openDatabase({ databaseUrl: undefined, dataDir: target.dataDir });
    const seen: unknown[] = [];
    let failures = 1;
    const after = createLocalRunner(second.db, quiet);
    after.define('test.later', {
      handler: (data) => {
        if (failures-- > 0) return Promise.reject(new Error('a passing failure'));
        seen.push(data);
        return Promise.resolve();
      },
    });
    try {
      await after.start();
      // The failure is retried after 2 s; both jobs then complete.
      expect(await until(() => seen.length === 2, 20)).toBe(true);
      expect(seen).toContainEqual({ payout: 42 });
      const rows = await second.db.select().from(localJobs).where(eq(localJobs.name, 'test.later'));
      expect(rows.map((row) => row.state).sort()).toEqual(['completed', 'completed']);
      expect(rows.reduce((sum, row) => sum + row.attempts, 0)).toBe(3);
    } finally {
      await after.stop();
      await second.close();
    }
  });
});
