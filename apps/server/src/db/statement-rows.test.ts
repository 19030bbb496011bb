import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows, statementRows, type DatabaseHandle } from './client.js';

/**
 * statementRows (the ledger's and the wallet's calls): a fixed statement sent to the driver under
 * Drizzle, on whichever database the run uses (PGlite by default, PostgreSQL with DATABASE_URL).
 * It answers rows with the driver's types, and given a transaction it runs inside it: rolled back
 * with it, seen by its later statements. On PostgreSQL the pool prepares it like any statement.
 */
describe('statementRows', () => {
  let handle: DatabaseHandle;
  const table = `statement_rows_${process.pid}`;

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
    await handle.withConnection((run) => run(`drop table if exists ${table}; create table ${table} (id int primary key, note jsonb)`));
  });
  afterAll(async () => {
    await handle.withConnection((run) => run(`drop table if exists ${table}`));
    await handle.close();
  });

  it('answers rows with their values typed by the driver (jsonb as objects)', async () => {
    const rows = await statementRows<{ answer: number; note: { coin: string } }>(
      handle.db,
      `select $1::int + 1 as answer, jsonb_build_object('coin', $2::text) as note`,
      [41, 'SC'],
    );
    expect(rows).toEqual([{ answer: 42, note: { coin: 'SC' } }]);
  });

  it('runs inside the transaction it is given: rolled back with it, seen by its later statements', async () => {
    const insert = `insert into ${table} (id, note) values ($1, $2::jsonb) returning id`;
    await expect(
      handle.db.transaction(async (tx) => {
        expect(await statementRows(tx, insert, [1, JSON.stringify({ kept: false })])).toEqual([{ id: 1 }]);
        const seen = await queryRows<{ n: number }>(tx, sql.raw(`select count(*)::int as n from ${table} where id = 1`));
        expect(seen).toEqual([{ n: 1 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await handle.db.transaction(async (tx) => {
      await statementRows(tx, insert, [2, JSON.stringify({ kept: true })]);
    });
    const rows = await statementRows<{ id: number; note: unknown }>(handle.db, `select id, note from ${table} where id = any($1::int[])`, [
      [1, 2],
    ]);
    expect(rows).toEqual([{ id: 2, note: { kept: true } }]);
  });

  it.skipIf(!process.env.DATABASE_URL)('is prepared once per connection on PostgreSQL', async () => {
    const text = `select $1::int * 2 as doubled`;
    await handle.db.transaction(async (tx) => {
      for (const value of [1, 2, 3]) expect(await statementRows(tx, text, [value])).toEqual([{ doubled: value * 2 }]);
      const prepared = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from pg_prepared_statements where statement = ${text}`,
      );
      expect(prepared).toEqual([{ n: 1 }]);
    });
  });

  it('refuses an executor without a driver under it, saying so', async () => {
    await expect(statementRows({} as never, 'select 1', [])).rejects.toThrow('statementRows: the executor has no driver client');
  });
});
