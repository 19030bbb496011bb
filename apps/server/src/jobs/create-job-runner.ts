import type { Config } from '../config.js';
import type { DatabaseHandle } from '../db/client.js';
import type { JobRunner } from './job-runner.js';
import { createLocalRunner } from './local-runner.js';
import { createPgBossRunner } from './pg-boss-runner.js';

/** pg-boss on PostgreSQL, the local_jobs table on the embedded database (docs/decisions/007). */
export function createJobRunner(
  database: DatabaseHandle,
  config: Config,
  log: { error: (object: unknown, message: string) => void },
): JobRunner {
  if (database.kind === 'postgres' && config.DATABASE_URL) return createPgBossRunner(config.DATABASE_URL, log);
  return createLocalRunner(database.db, log);
}
