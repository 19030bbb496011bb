import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { testServer } from './harness.js';
import { SOURCE_SCHEMA } from '../db/schema-sources.js';

/**
 * A second, empty, migrated database beside the shared test server's, for tests that need a
 * database of their own (a first start, a restart): an in-memory PGlite by default; with
 * DATABASE_URL, a schema of that PostgreSQL database (dropped again by close()), with `public`
 * behind it on the search path for the pg_trgm extension the shared server installed there.
 */
export async function openScratchDatabase(name: string): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database, SOURCE_SCHEMA);
    return database;
  }
  if (!/^[a-z_]+$/.test(name)) throw new Error(`not a schema name: ${name}`);
  const admin = await openDatabase({ databaseUrl: url, dataDir: '' });
  const dropSchema = () => admin.withConnection((run) => run(`set client_min_messages = warning; drop schema if exists ${name} cascade`));
  // Dropped before the shared server empties `public`: its tables' trigram indexes use the
  // extension there, and dropping that from under them fails.
  await dropSchema();
  await testServer();
  await admin.withConnection((run) => run(`create schema ${name}`));
  const scoped = new URL(url);
  scoped.searchParams.set('options', `-c search_path=${name},public`);
  const database = await openDatabase({ databaseUrl: scoped.toString(), dataDir: '' });
  await migrate(database, SOURCE_SCHEMA);
  return {
    ...database,
    // Gone when the test file ends, for the same reason.
    close: async () => {
      await database.close();
      await dropSchema();
      await admin.close();
    },
  };
}
