import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrateAsOwner } from './db/migrate-as-owner.js';
import { schemaSourcesFor } from './db/schema-sources.js';
import { seedDemoContent } from './demo-content.js';
import { closeOnSignals } from './shutdown.js';

// The bundle lives in apps/server/dist; migrations are copied beside it, the web build is a sibling app.
const here = path.dirname(fileURLToPath(import.meta.url));

/** Starts the server: configuration, database, migrations, the app, its seed, then it listens. */
export async function serve(stopTracing: (() => Promise<void>) | null): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, path.resolve(here, '../../web/dist'));
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    dataDir: config.dataDir,
    holder: 'the server',
  });
  await migrateAsOwner(database, config, schemaSourcesFor(here));
  const app = await buildApp({ config, database });
  await seedDemoContent(database.db, config, app.log);
  closeOnSignals(app, database, stopTracing);

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Lucky Crown is running on ${config.publicUrl} (database: ${database.kind}, Node ${process.version})`);
}
