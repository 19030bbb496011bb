import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrate } from '../db/migrate.js';
import { seedDemoContent } from '../db/seed.js';

/**
 * One real server per test process, listening on a random loopback port, against a real
 * database: an in-memory PGlite by default, PostgreSQL when DATABASE_URL is set (its public
 * schema is emptied first, and only in a database whose name says it is for tests).
 * Test files share it (vitest runs server tests in one process, see vitest.config.ts) and keep
 * out of each other's way by creating their own players with unique names.
 */
export interface TestServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  database: DatabaseHandle;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const MIGRATIONS_DIR = path.resolve(here, '../db/migrations');

let started: Promise<TestServer> | undefined;

export function testServer(): Promise<TestServer> {
  started ??= start();
  return started;
}

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
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
    ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
    ...overrides,
  });
}

async function start(): Promise<TestServer> {
  const config = testConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  if (database.kind === 'postgres') await resetPostgres(database, config.DATABASE_URL ?? '');
  await migrate(database, MIGRATIONS_DIR);
  await seedDemoContent(database.db, config);
  const app = await buildApp({ config, database });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  // The public URL must match the port the OS picked, for links and Origin checks.
  config.publicUrl = address;
  return { app, baseUrl: address, config, database };
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
