import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrateAsOwner } from '../db/migrate-as-owner.js';
import { seedDemoContent } from '../demo-content.js';
import { serverRoleUrl } from './server-role.js';
import { SOURCE_SCHEMA } from '../db/schema-sources.js';

/**
 * One real server per test process, listening on a random loopback port, against a real
 * database: an in-memory PGlite by default, PostgreSQL when DATABASE_URL is set (its public
 * schema is emptied first, and only in a database whose name says it is for tests).
 * On PostgreSQL, DATABASE_URL is the tables' owner, which migrates, and the server connects as a
 * login role in casino_app (test/server-role.ts), as in production.
 * Test files share it (vitest runs server tests in one process, see vitest.config.ts) and keep
 * out of each other's way by creating their own players with unique names.
 */
export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  /** The server's own connection: what a service built in a test may do, the server may. */
  database: DatabaseHandle;
  /**
   * The tables' owner, for what only a test does (fixtures the product never writes, damage to
   * repair, the owner's own limits); the same connection as `database` on the embedded database.
   */
  owner: DatabaseHandle;
}

const here = path.dirname(fileURLToPath(import.meta.url));

let started: Promise<TestServer> | undefined;

export function testServer(): Promise<TestServer> {
  started ??= start();
  return started;
}

export const TEST_METRICS_TOKEN = 'test-metrics-token-of-thirty-two-characters';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    APP_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST_DIR: path.resolve(here, '../../../web/dist-does-not-exist-in-tests'),
    // Every test file signs players up and in from 127.0.0.1 on the shared server; request rate
    // limits are proven on dedicated apps (modules/auth/rate-limits.test.ts) that turn them on.
    RATE_LIMIT_ENABLED: 'false',
    // The shared server's Prometheus endpoint (observability/metrics.test.ts scrapes it).
    METRICS_TOKEN: TEST_METRICS_TOKEN,
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...overrides,
  });
}

async function start(): Promise<TestServer> {
  const ownerUrl = process.env.DATABASE_URL;
  const owner = await openDatabase({ databaseUrl: ownerUrl, dataDir: 'memory://' });
  if (owner.kind === 'postgres') await resetPostgres(owner, ownerUrl ?? '');
  await migrateAsOwner(owner, { DATABASE_URL: ownerUrl, DATABASE_MIGRATION_URL: undefined, dataDir: 'memory://' }, SOURCE_SCHEMA);
  let config = testConfig();
  let database = owner;
  if (ownerUrl && owner.kind === 'postgres') {
    const serverUrl = await serverRoleUrl(ownerUrl);
    config = testConfig({ DATABASE_URL: serverUrl, DATABASE_MIGRATION_URL: ownerUrl });
    database = await openDatabase({ databaseUrl: serverUrl, dataDir: config.DATA_DIR });
  }
  await seedDemoContent(database.db, config);
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // The public URL must match the port the OS picked, for links and Origin checks.
  config.publicUrl = address;
  return { app, baseUrl: address, config, database, owner };
}

async function resetPostgres(database: DatabaseHandle, url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (!/test/i.test(name)) {
    throw new Error(`Refusing to empty database "${name}": integration tests only reset a database whose name contains "test".`);
  }
  // pg-boss keeps its jobs in a schema of its own; seed tests use a scratch schema.
  await database.withConnection((run) =>
    run(
      'drop schema if exists pgboss cascade; drop schema if exists seed_test cascade; drop schema if exists public cascade; create schema public;',
    ),
  );
}
