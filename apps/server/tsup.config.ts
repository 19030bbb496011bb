import { cpSync } from 'node:fs';
import { defineConfig } from 'tsup';

export default defineConfig({
  entry: ['src/main.ts', 'src/admin-create.ts'],
  format: ['esm'],
  platform: 'node',
  target: 'node24',
  outDir: 'dist',
  clean: true,
  sourcemap: true,
  // Workspace packages export TypeScript, so they are bundled; PGlite's wasm and data files
  // break when bundled, so the database drivers stay external.
  noExternal: [/^@casino\//],
  external: ['@electric-sql/pglite', 'pg', 'drizzle-orm', '@node-rs/argon2'],
  onSuccess: async () => {
    // Beside the bundle as db/schema-sources.ts bundledSchema() finds them.
    cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
    cpSync('src/db/functions', 'dist/functions/db', { recursive: true });
    cpSync('src/money/functions', 'dist/functions/money', { recursive: true });
  },
});
