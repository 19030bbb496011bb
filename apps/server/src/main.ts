import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { migrate } from './db/migrate.js';
import { seedDemoContent } from './db/seed.js';
import { wrongRuntime } from './runtime.js';

// The bundle lives in apps/server/dist; migrations are copied beside it, the web build is a sibling app.
const here = path.dirname(fileURLToPath(import.meta.url));

async function main(): Promise<void> {
  const runtimeProblem = wrongRuntime();
  if (runtimeProblem) {
    console.error(runtimeProblem);
    process.exit(1);
  }
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

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  // Migrations run as the tables' owner when DATABASE_MIGRATION_URL names one, so the server's
  // own role needs no right to alter or truncate anything (docs/decisions/009).
  if (config.DATABASE_MIGRATION_URL) {
    const owner = await openDatabase({ databaseUrl: config.DATABASE_MIGRATION_URL, dataDir: config.dataDir });
    try {
      await migrate(owner, path.resolve(here, 'migrations'));
    } finally {
      await owner.close();
    }
  } else {
    await migrate(database, path.resolve(here, 'migrations'));
  }
  const app = await buildApp({ config, database });
  await seedDemoContent(database.db, config, app.log);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Lucky Crown is running on ${config.publicUrl} (database: ${database.kind}, Node ${process.version})`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
