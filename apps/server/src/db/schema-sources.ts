import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the database's definition lives: the numbered migrations (tables, indexes, constraints,
 * roles and rights: schema changes only), and the folders of functions' files (one PL/pgSQL
 * function a file, named for it, with the triggers that call it and who may execute it), applied
 * after the migrations on every start (db/migrate.ts).
 */
export interface SchemaSources {
  migrations: string;
  functions: readonly string[];
}

const sourceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** In the source tree: for tests, benchmarks and `tsx`. */
export const SOURCE_SCHEMA: SchemaSources = {
  migrations: path.join(sourceRoot, 'db/migrations'),
  functions: [path.join(sourceRoot, 'db/functions'), path.join(sourceRoot, 'money/functions')],
};

/** Beside the bundle (dist/), where the build copies them (tsup.config.ts). */
export function bundledSchema(distDir: string): SchemaSources {
  return {
    migrations: path.join(distDir, 'migrations'),
    functions: [path.join(distDir, 'functions/db'), path.join(distDir, 'functions/money')],
  };
}

/** The bundle's copy when the code runs from dist/, the source tree's otherwise. */
export function schemaSourcesFor(codeDir: string): SchemaSources {
  const bundled = bundledSchema(codeDir);
  return fs.existsSync(bundled.migrations) ? bundled : SOURCE_SCHEMA;
}
