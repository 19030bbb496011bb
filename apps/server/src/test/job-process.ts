/**
 * A second server process for the job runner's test (jobs/job-runner.test.ts): a pg-boss runner
 * on DATABASE_URL that works the 'test.count' queue, writing each job it runs to the table
 * test_job_runs with its own name, until it is told to stop (SIGTERM).
 */
import pg from 'pg';
import { createPgBossRunner } from '../jobs/pg-boss-runner.js';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const client = new pg.Client({ connectionString: url });
await client.connect();
const runner = createPgBossRunner(url, { error: () => undefined });
runner.define<{ n: number }>('test.count', {
  handler: async ({ n }) => {
    await client.query('insert into test_job_runs (n, runner) values ($1, $2)', [n, 'second process']);
  },
});
await runner.start();
process.stdout.write('READY\n');
process.once('SIGTERM', () => {
  void runner
    .stop()
    .then(() => client.end())
    .then(() => process.exit(0));
});
