import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bigintArray, textArray } from './array-literals.js';
import { openDatabase, statementRows, type DatabaseHandle } from './client.js';

/**
 * Array literals as one parameter, on whichever database the run uses (PGlite by default,
 * PostgreSQL with DATABASE_URL): what the database reads back is what was given, whatever the
 * items hold, and one statement text serves lists of any length.
 */
describe('array literals', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: 'memory://' });
  });
  afterAll(() => handle.close());

  it('reads back whole numbers, large ones included, and an empty list', async () => {
    const given = [1, -2, 0, Number.MAX_SAFE_INTEGER];
    const [row] = await statementRows<{ items: string[] }>(handle.db, 'select $1::bigint[]::text[] as items', [bigintArray(given)]);
    expect(row!.items).toEqual(given.map(String));
    const [empty] = await statementRows<{ n: number }>(handle.db, 'select cardinality($1::bigint[]) as n', [bigintArray([])]);
    expect(empty!.n).toBe(0);
  });

  it('refuses what is not a whole number instead of sending it', () => {
    expect(() => bigintArray([1, 2.5])).toThrow('2.5 is not a whole number');
    expect(() => bigintArray([Number.NaN])).toThrow('is not a whole number');
  });

  it('reads back text exactly: quotes, backslashes, commas, braces, spaces, NULL as a word and the empty string', async () => {
    const given = ['plain', 'with "quotes"', 'back\\slash', 'a,b', '{braces}', ' spaced ', 'NULL', '', 'élan'];
    const rows = await statementRows<{ item: string; n: string }>(
      handle.db,
      'select item, n from unnest($1::text[]) with ordinality as x (item, n) order by n',
      [textArray(given)],
    );
    expect(rows.map((row) => row.item)).toEqual(given);
  });

  it('serves lists of different lengths with one statement text', async () => {
    const text = 'select coalesce(sum(x), 0)::int as total from unnest($1::bigint[]) as x';
    for (const [list, total] of [
      [[1], 1],
      [[1, 2, 3], 6],
      [Array.from({ length: 500 }, (_, i) => i), 124750],
    ] as const) {
      const [row] = await statementRows<{ total: number }>(handle.db, text, [bigintArray(list)]);
      expect(row!.total).toBe(total);
    }
  });
});
