import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { localJobs } from '../db/schema/index.js';
import { MIGRATIONS_DIR } from '../test/harness.js';
import { isolatedDatabase } from '../test/isolated-server.js';
import type { JobRunner } from './job-runner.js';
import { createLocalRunner } from './local-runner.js';
import { createPgBossRunner } from './pg-boss-runner.js';

/**
 * The job runner (issue 9 point 3): jobs survive a restart, failed ones are retried, and with two
 * server processes on one PostgreSQL each job runs once.
 */
const quiet = { error: () => undefined };

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
    const runs = new Map<number, string[]>();
    const processes: JobRunner[] = ['first', 'second'].map((name) => {
      const runner = createPgBossRunner(target.databaseUrl!, quiet);
      runner.define<{ n: number }>('test.count', {
        handler: async ({ n }) => {
          runs.set(n, [...(runs.get(n) ?? []), name]);
          await new Promise((resolve) => setTimeout(resolve, 5));
        },
      });
      return runner;
    });
    try {
      for (const runner of processes) await runner.start();
      const jobs = 20;
      for (let n = 0; n < jobs; n += 1) await processes[n % 2]!.send('test.count', { n });
      expect(await until(() => runs.size === jobs, 45)).toBe(true);
      // Time for a second run of any job to show up, were there one.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect([...runs.values()].filter((ranBy) => ranBy.length !== 1)).toEqual([]);
    } finally {
      for (const runner of processes) await runner.stop();
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

describe('jobs on the embedded database', () => {
  it('keeps a queued job across a restart and runs it then, retrying a failure', { timeout: 60_000 }, async () => {
    const target = await isolatedDatabase('local-jobs');
    const first = await openDatabase({ databaseUrl: undefined, dataDir: target.dataDir });
    await migrate(first, MIGRATIONS_DIR);
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
