import { getTableColumns, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { testServer } from '../test/harness.js';
import { queryRows } from './client.js';
import * as schema from './schema/index.js';

/**
 * Migrations are hand-written SQL and queries use Drizzle tables (docs/decisions/001): this
 * proves that every table and column Drizzle knows exists in the migrated database, with the
 * same nullability, so a query can never name a column the database does not have.
 */
describe('Drizzle schema and SQL migrations', () => {
  it('agree on every table, column and nullability', async () => {
    const { database } = await testServer();
    const rows = await queryRows<{ table_name: string; column_name: string; is_nullable: string }>(
      database.db,
      sql`select table_name, column_name, is_nullable from information_schema.columns where table_schema = current_schema()`,
    );
    const actual = new Map(rows.map((row) => [`${row.table_name}.${row.column_name}`, row.is_nullable]));

    const mismatches: string[] = [];
    const tables = Object.values(schema).filter((value: unknown): value is PgTable => is(value, PgTable));
    expect(tables.length).toBeGreaterThan(0);
    for (const table of tables) {
      const tableName = getTableName(table);
      for (const column of Object.values(getTableColumns(table))) {
        const nullable = actual.get(`${tableName}.${column.name}`);
        if (nullable === undefined) mismatches.push(`${tableName}.${column.name} is missing in the database`);
        else if ((nullable === 'YES') !== !column.notNull) {
          mismatches.push(`${tableName}.${column.name}: Drizzle says ${column.notNull ? 'not null' : 'nullable'}, the database differs`);
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});
