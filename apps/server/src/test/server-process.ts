/**
 * A server process for tests that kill one (rgs/crash-recovery.test.ts, scale/storm.test.ts): migrates, seeds and
 * serves like main.ts (and stops like it on SIGTERM), from the sources, and prints `LISTENING <url>` once it accepts requests.
 * Configuration comes from the environment, as for `npm start`.
 */
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateAsOwner } from '../db/migrate-as-owner.js';
import { seedDemoContent } from '../demo-content.js';
import { SOURCE_SCHEMA } from '../db/schema-sources.js';
import { closeOnSignals } from '../shutdown.js';

const config = loadConfig(process.env, 'dist-does-not-exist-in-tests');
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, poolSize: config.DATABASE_POOL_SIZE, dataDir: config.dataDir });
await migrateAsOwner(database, config, SOURCE_SCHEMA);
await seedDemoContent(database.db, config);
const app = await buildApp({ config, database });
closeOnSignals(app, database);
const url = await app.listen({ host: '127.0.0.1', port: config.PORT });
// The public URL must match the port the OS picked, for Origin checks (as in harness.ts), unless
// the process serves behind a load balancer whose address PUBLIC_URL names (scale/storm.test.ts).
if (!process.env.PUBLIC_URL) config.publicUrl = url;
process.stdout.write(`LISTENING ${url}\n`);
