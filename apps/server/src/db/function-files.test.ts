import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openScratchDatabase } from '../test/scratch-database.js';
import type { DatabaseHandle, RunScript } from './client.js';
import { listFunctionFiles, migrate } from './migrate.js';
import { SOURCE_SCHEMA } from './schema-sources.js';

/**
 * A function's current body is its file (db/functions, money/functions), never a migration: the
 * database's functions are exactly the files', one function a file, named for it.
 */

/** The body between a file's `as $function$` and its closing `$function$`. */
function fileBody(text: string): string | undefined {
  return /\bas \$function\$([\s\S]*?)\$function\$/.exec(text)?.[1];
}

/** What differs between the schema's functions and the files, in words; empty when they agree. */
async function functionDrift(run: RunScript): Promise<string[]> {
  const rows = await run(
    `select p.proname as name, p.prosrc as body, count(*) over (partition by p.proname) as versions
     from pg_proc p
     where p.pronamespace = current_schema()::regnamespace
       and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
  );
  const inDatabase = new Map(rows.map((row) => [String(row.name), { body: String(row.body), versions: Number(row.versions) }]));
  const drift: string[] = [];
  const files = listFunctionFiles(SOURCE_SCHEMA.functions);
  for (const { name, file } of files) {
    const body = fileBody(fs.readFileSync(file, 'utf8'));
    const found = inDatabase.get(name);
    if (body === undefined) drift.push(`${name}.sql has no body between as $function$ and $function$`);
    else if (!found) drift.push(`${name}.sql: no function ${name} in the database`);
    else if (found.versions > 1) drift.push(`${name}: ${found.versions} functions of that name in the database`);
    else if (found.body !== body) drift.push(`${name}: the body in the database differs from ${name}.sql`);
  }
  const named = new Set(files.map(({ name }) => name));
  for (const name of inDatabase.keys()) if (!named.has(name)) drift.push(`${name}: a function in the database without a file`);
  return drift;
}

describe('the functions’ files', () => {
  // A database of its own, migrated as a start migrates it: other test files add fixtures of
  // their own (a fault-injection trigger) to the shared one while this runs.
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await openScratchDatabase('function_files_test');
  });
  afterAll(async () => {
    await database.close();
  });

  it('are the database’s functions, each body exactly its file’s, and nothing else', async () => {
    const files = listFunctionFiles(SOURCE_SCHEMA.functions);
    expect(files.length).toBeGreaterThan(30);
    // One folder holds a name once: a function is one file.
    expect(new Set(files.map(({ name }) => name)).size).toBe(files.length);
    expect(await database.withConnection(functionDrift)).toEqual([]);
  });

  it('are applied again only when a file changed or its function is missing, and the check names a drift', async () => {
    // Migrated once already: a second start applies nothing.
    expect(await migrate(database, SOURCE_SCHEMA)).toEqual([]);

    // A body changed in the database and not in its file, a function with no file, a function dropped.
    await database.withConnection(async (run) => {
      await run(`create or replace function ledger_append_only() returns trigger language plpgsql as $$ begin return null; end $$`);
      await run(`create function stray_helper() returns int language sql as 'select 1'`);
      await run(`drop function wallet_win_within_limit(bigint, bigint, bigint) cascade`);
    });
    const drift = await database.withConnection(functionDrift);
    expect(drift).toEqual(
      expect.arrayContaining([
        'ledger_append_only: the body in the database differs from ledger_append_only.sql',
        'stray_helper: a function in the database without a file',
        'wallet_win_within_limit.sql: no function wallet_win_within_limit in the database',
      ]),
    );

    // The next start puts back what is missing.
    expect(await migrate(database, SOURCE_SCHEMA)).toEqual(['wallet_win_within_limit.sql']);
  });
});
