import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock.js';
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
  /** The PostgreSQL pool's connections now (metrics); the embedded database has one and no pool. */
  poolUse?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for the embedded database; `memory://` keeps it in memory (tests). */
  dataDir: string;
  /** Connections of the PostgreSQL pool (default 20; config DATABASE_POOL_SIZE). */
  poolSize?: number | undefined;
  /** Who opens an embedded data folder, named to a second process refused it (db/data-folder-lock.ts). */
  holder?: string | undefined;
}

/**
 * The planner's price of a random page read, set once per connection (not per request): the
 * catalogue is small and stays in memory (PGlite keeps the whole database there), so a random read
 * costs about what a sequential one does; at PostgreSQL's default of 4 the planner prefers to scan
 * every game over the trigram index for a common search term.
 */
export const RANDOM_PAGE_COST = 1.1;

/**
 * How long a statement may wait for a lock (a player's accounts, a row another request is
 * writing) before it fails with SQLSTATE 55P03, on every pooled PostgreSQL connection. Requests
 * wait for one another for milliseconds; a holder that keeps a lock for seconds (a transaction
 * stuck mid-way, a runaway job) would otherwise hold every request that needs the same player,
 * and the pool's connections with them, for as long as it lasts. The request fails instead, its
 * transaction rolled back, and the API answers ServiceUnavailable (http/error-handler.ts).
 * Migrations and the seed wait for their advisory locks without a limit (they set their own).
 */
export const LOCK_TIMEOUT_MS = 5_000;

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, options.poolSize)
    : openPglite(options.dataDir, options.holder ?? 'another process');
}

/** Statements one connection keeps prepared; past this a connection sends the rest unprepared. */
export const PREPARED_PER_CONNECTION = 300;
/** Statements with more parameters than this (long lists, bulk inserts) are rarely repeated. */
const PREPARED_MAX_PARAMETERS = 100;
const statementNames = new Map<string, string>();

/**
 * A node-postgres client that prepares the statements it sends (docs/decisions/064): each
 * parameterised statement is given a name from a hash of its text, so the connection parses it
 * once and every later call sends only the values. On this project's 2-core machine an unnamed
 * statement costs the server about 340 µs of CPU and a named one about 180 µs, whatever the ORM
 * built; a round sends a dozen. plan_cache_mode stays `auto`: a statement run often may get a
 * generic plan when that is no dearer than a custom one (forcing custom plans made the ledger no
 * faster than unnamed statements).
 */
export class PreparingClient extends pg.Client {
  readonly #prepared = new Set<string>();

  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // pg's overloads (text, config, submittable, with or without a callback) all pass through.
    const send = super.query.bind(this) as (...args: unknown[]) => unknown;
    this.query = ((...args: unknown[]) => send(...this.#named(args))) as pg.Client['query'];
  }

  #named(args: unknown[]): unknown[] {
    const [config, values] = args;
    if (!config || typeof config !== 'object' || 'submit' in config) return args;
    const query = config as pg.QueryConfig;
    const params = Array.isArray(values) ? values : query.values;
    if (query.name || !params || params.length === 0 || params.length > PREPARED_MAX_PARAMETERS) return args;
    const name = statementName(query.text);
    if (!this.#prepared.has(name)) {
      if (this.#prepared.size >= PREPARED_PER_CONNECTION) return args;
      this.#prepared.add(name);
    }
    return [{ ...query, name }, ...args.slice(1)];
  }
}

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size >= 5000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

/**
 * How long a pooled PostgreSQL connection may sit unused before the pool closes it. A new
 * connection is dear: a backend process, its catalogue caches, every PL/pgSQL function compiled
 * again and every statement prepared again. node-postgres closes idle ones after 10 s, so each
 * lull of ten seconds cost the next requests their connections: with 20 of them on two cores,
 * about a second of answers up to a second slow (the wallet socket's p99, docs/decisions/064).
 * Five minutes keeps the pool warm through ordinary lulls and still gives connections back after
 * a spike.
 */
export const POOL_IDLE_TIMEOUT_MS = 5 * 60_000;

/** The server's pool on PostgreSQL: prepared statements, and the planner settings set once per connection. */
export function createPostgresPool(url: string, max = 20): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
    Client: PreparingClient,
    options: `-c random_page_cost=${RANDOM_PAGE_COST} -c lock_timeout=${LOCK_TIMEOUT_MS}`,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  return pool;
}

async function openPostgres(url: string, poolSize?: number): Promise<DatabaseHandle> {
  const pool = createPostgresPool(url, poolSize);
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
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string, holder: string): Promise<DatabaseHandle> {
  let client: PGlite;
  let release = () => {};
  // pg_trgm backs the game search index (migration 0030); PostgreSQL ships it as a contrib extension.
  const extensions = { pg_trgm };
  if (dataDir.startsWith('memory://')) {
    client = new PGlite({ extensions });
  } else {
    const dir = path.join(dataDir, 'pglite');
    // PGlite creates only the last folder of its path.
    fs.mkdirSync(dataDir, { recursive: true });
    // One process at a time: a second one would work on a copy and lose its writes.
    release = lockDataFolder(dataDir, holder);
    client = new PGlite(dir, { extensions });
  }
  try {
    await client.waitReady;
  } catch (error) {
    release();
    throw error;
  }
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
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** Rows of a raw SQL query; both drivers (PGlite, node-postgres) answer execute() with `{ rows }`. */
export async function queryRows<T>(db: DbExecutor, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

/** What node-postgres (a pool or a transaction's connection) and PGlite (the database or a transaction) share. */
type DriverClient =
  | { exec?: undefined; query(config: { text: string; values: unknown[] }): Promise<{ rows: unknown[] }> }
  | { exec(sql: string): Promise<unknown>; query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };

/**
 * Rows of a statement whose text is fixed (`$1`, `$2`... for its values), sent to the driver under
 * Drizzle: the pool or the transaction's connection on PostgreSQL (prepared there by
 * `PreparingClient`, like any statement), the database or its transaction on PGlite. For the
 * hottest calls (a ledger movement, a wallet call): Drizzle builds a statement's text from its
 * template on every call, which cost about 35 µs of CPU per movement on this project's 2-core
 * machine (107 against 71 µs, 8 callers), and on that machine the server's CPU is PostgreSQL's.
 * Errors are the driver's own (`code`, `constraint`), not wrapped.
 */
export async function statementRows<T>(executor: DbExecutor, text: string, values: unknown[]): Promise<T[]> {
  const client = (executor as unknown as { session?: { client?: DriverClient } }).session?.client;
  if (!client || typeof client.query !== 'function') throw new Error('statementRows: the executor has no driver client');
  const result = client.exec ? await client.query(text, values) : await client.query({ text, values });
  return result.rows as T[];
}
