import type { Config } from '../config.js';
import { prepareJobSchema } from '../jobs/pg-boss-runner.js';
import { openDatabase, type DatabaseHandle } from './client.js';
import { migrate } from './migrate.js';
import type { SchemaSources } from './schema-sources.js';

/**
 * What a start does to the database before the server uses it, as the tables' owner: the
 * migrations and the functions' files, then on PostgreSQL the job queue's schema, which the server's role may not create
 * (jobs/pg-boss-runner.ts). The owner is DATABASE_MIGRATION_URL's role when it is set, so that
 * the server's own role (DATABASE_URL, a member of casino_app) needs no right to alter anything
 * (docs/decisions/009 and 055); otherwise the server's own connection (the embedded database, a
 * single-user install).
 */
export async function migrateAsOwner(
  database: DatabaseHandle,
  config: Pick<Config, 'DATABASE_URL' | 'DATABASE_MIGRATION_URL' | 'dataDir'>,
  sources: SchemaSources,
): Promise<void> {
  const owner = config.DATABASE_MIGRATION_URL
    ? await openDatabase({ databaseUrl: config.DATABASE_MIGRATION_URL, dataDir: config.dataDir })
    : database;
  try {
    await migrate(owner, sources);
    const ownerUrl = config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL;
    if (owner.kind === 'postgres' && ownerUrl) await prepareJobSchema(owner, ownerUrl);
  } finally {
    if (owner !== database) await owner.close();
  }
}
