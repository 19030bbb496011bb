import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction handle; services accept `Database | Transaction` through `DbExecutor`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbExecutor = Database | Transaction;

export type RunScript = (sql: string) => Promise<Record<string, unknown>[]>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /**
   * Runs `work` on one dedicated connection (session-level advisory locks, multi-statement
   * scripts); `run` executes a script and returns the rows of its last statement.
   */
  withConnection<T>(work: (run: RunScript) => Promise<T>): Promise<T>;
  /** Cheap liveness probe for /readyz. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
}

/**
 * The planner's price of a random page read, set once per connection (not per request): the
 * catalogue is small and stays in memory (PGlite keeps the whole database there), so a random read
 * costs about what a sequential one does; at PostgreSQL's default of 4 the planner prefers to scan
 * every game over the trigram index for a common search term (issue 17 point 3).
 */
export const RANDOM_PAGE_COST = 1.1;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options.dataDir);
}

async function openPostgres(url: string): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: 20, options: `-c random_page_cost=${RANDOM_PAGE_COST}` });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  const db = drizzlePg({ client: pool, schema }) as unknown as Database;
  await pool.query('select 1');
  return {
    db,
    kind: 'postgres',
    withConnection: async (work) => {
      const connection = await pool.connect();
      try {
        return await work(async (sql) => {
          const result = (await connection.query(sql)) as pg.QueryResult | pg.QueryResult[];
          const last = Array.isArray(result) ? result.at(-1) : result;
          return (last?.rows ?? []) as Record<string, unknown>[];
        });
      } finally {
        connection.release();
      }
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  let client: PGlite;
  // pg_trgm backs the game search index (migration 0030); PostgreSQL ships it as a contrib extension.
  const extensions = { pg_trgm };
  if (dataDir.startsWith('memory://')) {
    client = new PGlite({ extensions });
  } else {
    const dir = path.join(dataDir, 'pglite');
    // PGlite creates only the last folder of its path.
    fs.mkdirSync(dataDir, { recursive: true });
    client = new PGlite(dir, { extensions });
  }
  await client.waitReady;
  await client.exec(`set random_page_cost = ${RANDOM_PAGE_COST}`);
  const db = drizzlePglite({ client, schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    withConnection: (work) =>
      work(async (sql) => {
        const results = await client.exec(sql);
        return results.at(-1)?.rows ?? [];
      }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}

/** Rows of a raw SQL query; both drivers (PGlite, node-postgres) answer execute() with `{ rows }`. */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}
