import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './client.js';

/**
 * Applies the numbered SQL files of the migrations folder once each, in name order, each in its
 * own transaction, under an advisory lock so that several server processes starting together on
 * one PostgreSQL apply them once. The same files run on PGlite and PostgreSQL (docs/ARCHITECTURE.md 'Data layer').
 * Why hand-written SQL and not drizzle-kit: docs/decisions/001-sql-migrations.md.
 */
const MIGRATION_LOCK_ID = 727_274_001;

export function listMigrations(migrationsDir: string): string[] {
  return fs
    .readdirSync(migrationsDir)
    .filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name))
    .sort();
}

export async function migrate(handle: DatabaseHandle, migrationsDir: string): Promise<string[]> {
  const files = listMigrations(migrationsDir);
  return handle.withConnection(async (run) => {
    // Another process may be migrating, and a migration may wait for the tables it alters: no
    // limit on either wait here (the pool's connections have one, db/client.ts LOCK_TIMEOUT_MS).
    await run('set lock_timeout = 0');
    await run(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await run(`create table if not exists schema_migrations (
        name text primary key,
        applied_at timestamptz not null default now()
      )`);
      const done = new Set((await run('select name from schema_migrations')).map((row) => String(row.name)));
      const applied: string[] = [];
      for (const file of files) {
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
    } finally {
      await run(`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
      await run('reset lock_timeout');
    }
  });
}
