import { eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { pgTable, text } from 'drizzle-orm/pg-core';
import { createPostgresPool, POOL_IDLE_TIMEOUT_MS, PREPARED_PER_CONNECTION } from './client.js';

const pgClass = pgTable('pg_class', { relname: text('relname').notNull() });

/**
 * The server's PostgreSQL pool prepares the statements it sends (docs/decisions/064): what the
 * database shows of one connection (pg_prepared_statements) after the same statement, other
 * statements, and more distinct statements than a connection keeps. PostgreSQL only: the embedded
 * database has no pool.
 */
const databaseUrl = process.env.DATABASE_URL;

describe.skipIf(!databaseUrl)('prepared statements on PostgreSQL (needs DATABASE_URL)', () => {
  let pool: pg.Pool;
  const prepared = async () =>
    (await pool.query<{ statement: string }>('select statement from pg_prepared_statements order by prepare_time')).rows.map(
      (row) => row.statement,
    );

  beforeAll(() => {
    // One connection: every query below runs on it, and so does the look at its prepared statements.
    pool = createPostgresPool(databaseUrl!, 1);
  });
  afterAll(() => pool.end());

  it('prepares a statement with values once, whoever built it, and answers as an unprepared one would', async () => {
    const db = drizzle({ client: pool });
    // A query-builder statement (on a catalogue table, which exists before any migration).
    for (const name of ['pg_class', 'pg_type', 'no_such_relation']) {
      const rows = await db.select({ name: pgClass.relname }).from(pgClass).where(eq(pgClass.relname, name));
      expect(rows).toEqual(name === 'no_such_relation' ? [] : [{ name }]);
    }
    expect((await db.execute(sql`select ${41}::int + 1 as answer`)).rows).toEqual([{ answer: 42 }]);
    expect((await db.execute(sql`select ${41}::int + 1 as answer`)).rows).toEqual([{ answer: 42 }]);

    const statements = await prepared();
    expect(statements.filter((text) => text.startsWith('select "relname" from "pg_class"'))).toHaveLength(1);
    expect(statements.filter((text) => text.includes('+ 1 as answer'))).toHaveLength(1);
    // A statement without values (begin, commit, scripts) is sent as it is.
    await db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
    });
    expect(await prepared()).toHaveLength(statements.length);
  });

  it('keeps at most its share of statements per connection and sends the rest unprepared', async () => {
    for (let n = 0; n < PREPARED_PER_CONNECTION + 20; n += 1) {
      const { rows } = await pool.query({ text: `select $1::int + ${n} as answer`, values: [1] });
      expect(rows).toEqual([{ answer: 1 + n }]);
    }
    expect(await prepared()).toHaveLength(PREPARED_PER_CONNECTION);
  });

  it('keeps a connection through a lull in traffic, with what it prepared', async () => {
    // A connection closed after a few idle seconds is opened again by the next request, which then
    // pays for a new backend: its catalogue caches, the PL/pgSQL functions compiled again, every
    // statement prepared again (about a second of slow answers for twenty connections on two cores).
    const own = createPostgresPool(databaseUrl!, 1);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const backend = async () =>
        (await own.query<{ pid: number }>({ text: 'select pg_backend_pid() as pid where $1::int = 1', values: [1] })).rows[0]!.pid;
      const first = await backend();
      // Two minutes without a query: the pool's idle clock, not the network's, is what moves.
      vi.advanceTimersByTime(2 * 60_000);
      expect(own.totalCount).toBe(1);
      expect(await backend()).toBe(first);
      // Closed only once it has been idle for the pool's whole idle time.
      vi.advanceTimersByTime(POOL_IDLE_TIMEOUT_MS + 1);
      expect(own.totalCount).toBe(0);
    } finally {
      vi.useRealTimers();
      await own.end();
    }
  });
});
