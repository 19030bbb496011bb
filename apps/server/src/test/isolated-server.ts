import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.js';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/client.js';
import { migrateAsOwner } from '../db/migrate-as-owner.js';
import { seedDemoContent } from '../demo-content.js';
import { testConfig } from './harness.js';
import { serverRoleUrl } from './server-role.js';
import { SOURCE_SCHEMA } from '../db/schema-sources.js';

/**
 * A database of its own for tests that stop and start servers (a crash, a restart, two
 * processes), so that the shared test server's background jobs never touch what they observe:
 * on PostgreSQL a second database named after DATABASE_URL's (`<name>_isolated`, or another
 * suffix for a test that must not meet the others' leftovers), emptied first;
 * on the embedded database a folder, which a restarted server opens again.
 */
export interface IsolatedDatabase {
  /** The tables' owner's URL (the test's own statements), or undefined for the embedded database. */
  databaseUrl: string | undefined;
  /**
   * A server process's database variables: on PostgreSQL it connects as the server's login role
   * and migrates as the owner (test/server-role.ts); nothing for the embedded database.
   */
  serverEnv: Record<string, string>;
  dataDir: string;
}

export async function isolatedDatabase(label: string, { suffix = 'isolated' }: { suffix?: string } = {}): Promise<IsolatedDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `casino-${label}-`));
  const base = process.env.DATABASE_URL;
  if (!base) return { databaseUrl: undefined, serverEnv: {}, dataDir };
  const url = new URL(base);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount === 0) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query('drop schema if exists pgboss cascade; drop schema if exists public cascade; create schema public;');
  } finally {
    await client.end();
  }
  const databaseUrl = url.toString();
  return { databaseUrl, serverEnv: { DATABASE_URL: await serverRoleUrl(databaseUrl), DATABASE_MIGRATION_URL: databaseUrl }, dataDir };
}

export interface IsolatedServer {
  app: FastifyInstance;
  baseUrl: string;
  config: Config;
  database: DatabaseHandle;
  /** Closes the server and its database (the embedded one can then be opened again). */
  stop(): Promise<void>;
}

/**
 * A whole server on the isolated database, as `npm start` runs it (migrate, seed, build, listen):
 * as the server's login role, or with `role: 'owner'` as the tables' owner (a single-user install).
 */
export async function startIsolatedServer(
  target: IsolatedDatabase,
  { background = true, role = 'server' }: { background?: boolean; role?: 'server' | 'owner' } = {},
): Promise<IsolatedServer> {
  const config = testConfig({
    DATA_DIR: target.dataDir,
    ...(role === 'server' ? target.serverEnv : target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
  });
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  await migrateAsOwner(database, config, SOURCE_SCHEMA);
  await seedDemoContent(database.db, config);
  const app = await buildApp({ config, database, background });
  const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  config.publicUrl = baseUrl;
  return {
    app,
    baseUrl,
    config,
    database,
    async stop() {
      await app.close();
      await database.close();
    },
  };
}
