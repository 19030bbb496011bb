import { defineConfig } from 'vitest/config';

/**
 * Three projects: shared contracts, the server (unit and integration tests against a real
 * database through real HTTP) and the web app (jsdom). Server test files share one server and
 * one database in one process (see apps/server/src/test/harness.ts), so they run one after another.
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          pool: 'forks',
          isolate: false,
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['./apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
