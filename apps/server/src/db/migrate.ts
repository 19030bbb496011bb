import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle, RunScript } from './client.js';
import type { SchemaSources } from './schema-sources.js';

/**
 * Brings the database to the definition in the repository, under an advisory lock so that
 * several server processes starting together on one PostgreSQL do it once:
 * 1. the numbered SQL files of the migrations folder, once each, in name order, each in its own
 *    transaction: schema changes only (docs/decisions/001-sql-migrations.md);
 * 2. then the functions' files (one function a file, db/functions and money/functions), each
 *    applied again when its text changed since it was last applied or its function is missing,
 *    all in one transaction. A function's current body is its file, never a migration.
 * The same files run on PGlite and PostgreSQL (docs/ARCHITECTURE.md 'Data layer').
 */
const MIGRATION_LOCK_ID = 727_274_001;

export function listMigrations(migrationsDir: string): string[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

/** The functions' files: `<function name>.sql`, folder by folder. */
export function listFunctionFiles(functionDirs: readonly string[]): { name: string; file: string }[] {
  return functionDirs.flatMap((dir) =>
    fs
      .readdirSync(dir)
      .filter((file) => /^[a-z0-9_]+\.sql$/.test(file))
      .sort()
      .map((file) => ({ name: file.slice(0, -'.sql'.length), file: path.join(dir, file) })),
  );
}

export async function migrate(handle: DatabaseHandle, sources: SchemaSources): Promise<string[]> {
  return handle.withConnection(async (run) => {
    // Another process may be migrating, and a migration may wait for the tables it alters: no
    // limit on either wait here (the pool's connections have one, db/client.ts LOCK_TIMEOUT_MS).
    await run('set lock_timeout = 0');
    await run(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      const applied = await applyMigrations(run, sources.migrations);
      return [...applied, ...(await applyFunctions(run, sources.functions))];
    } finally {
      await run(`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
      await run('reset lock_timeout');
    }
  });
}

async function applyMigrations(run: RunScript, migrationsDir: string): Promise<string[]> {
  await run(`create table if not exists schema_migrations (
    name text primary key,
    applied_at timestamptz not null default now()
  )`);
  const done = new Set((await run('select name from schema_migrations')).map((row) => String(row.name)));
  const applied: string[] = [];
  for (const file of listMigrations(migrationsDir)) {
    if (done.has(file)) continue;
    const body = fs.readFileSync(path.join(migrationsDir, file), 'utf8');
    await run('begin');
    try {
      await run(body);
      await run(`insert into schema_migrations (name) values ('${file}')`);
      await run('commit');
    } catch (error) {
      await run('rollback');
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file);
  }
  return applied;
}

/**
 * The functions' files whose text changed or whose function is missing, in one transaction. A
 * file that pins its search path (`set search_path from current`, the money functions) gets the
 * schema the migrations ran in, then pg_temp: a caller's search path cannot put a table or
 * function of its own in front of the ledger's (docs/decisions/055).
 */
async function applyFunctions(run: RunScript, functionDirs: readonly string[]): Promise<string[]> {
  await run(`create table if not exists schema_functions (
    name text primary key,
    sha256 text not null,
    applied_at timestamptz not null default now()
  )`);
  const recorded = new Map((await run('select name, sha256 from schema_functions')).map((row) => [String(row.name), String(row.sha256)]));
  const present = new Set(
    (await run(`select proname from pg_proc where pronamespace = current_schema()::regnamespace`)).map((row) => String(row.proname)),
  );
  const due = listFunctionFiles(functionDirs)
    .map(({ name, file }) => {
      const body = fs.readFileSync(file, 'utf8');
      return { name, body, sha256: createHash('sha256').update(body).digest('hex') };
    })
    .filter(({ name, sha256 }) => recorded.get(name) !== sha256 || !present.has(name));
  if (due.length === 0) return [];
  await run('begin');
  try {
    await run(`select set_config('search_path', quote_ident(current_schema()) || ', pg_temp', true)`);
    for (const { name, body, sha256 } of due) {
      try {
        await run(body);
      } catch (error) {
        throw new Error(`Function file ${name}.sql failed: ${(error as Error).message}`, { cause: error });
      }
      await run(
        `insert into schema_functions (name, sha256) values ('${name}', '${sha256}')
         on conflict (name) do update set sha256 = excluded.sha256, applied_at = now()`,
      );
    }
    await run('commit');
  } catch (error) {
    await run('rollback');
    throw error;
  }
  return due.map(({ name }) => `${name}.sql`);
}
