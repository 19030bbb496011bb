import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';
import { enforcingPort, enforcingUrl } from './support/enforcing-server.js';

/**
 * End-to-end specs drive the production build in Debian's Chromium. The server is started by
 * Playwright from the built bundle on its own port and its own fresh data folder (or the
 * PostgreSQL at E2E_DATABASE_URL, migrated as that URL's role and served as E2E_SERVER_DATABASE_URL's),
 * in sandbox mode.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://localhost:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? path.join(root, 'data', `e2e-${Date.now()}`);
// The workers read the same folder (a spec signs game-server calls with the secret kept there).
process.env.E2E_DATA_DIR = dataDir;
// The back office's operator (admin.spec.ts), created by `npm run admin:create`'s own code (the
// built command) before the server starts; an address of its own per run, for a reused database.
process.env.E2E_OPERATOR_EMAIL ??= `ops-${Date.now().toString(36)}@luckycrown.test`;
process.env.E2E_OPERATOR_PASSWORD ??= 'E2E-Operator#Passw0rd';
// A content operator (admin-content.spec.ts), made the same way with the content role only.
process.env.E2E_CONTENT_OPERATOR_EMAIL ??= `content-${Date.now().toString(36)}@luckycrown.test`;
// A payments operator (admin-reports.spec.ts), for the reports.
process.env.E2E_REPORTS_OPERATOR_EMAIL ??= `reports-${Date.now().toString(36)}@luckycrown.test`;
const adminCreateCommand = path.join(root, 'apps/server/dist/admin-create.js');
const adminCreate =
  `node ${adminCreateCommand} --email ${process.env.E2E_OPERATOR_EMAIL} --name "E2E Admin" > /dev/null && ` +
  `node ${adminCreateCommand} --email ${process.env.E2E_CONTENT_OPERATOR_EMAIL} --name "E2E Content" --roles content > /dev/null && ` +
  `node ${adminCreateCommand} --email ${process.env.E2E_REPORTS_OPERATOR_EMAIL} --name "E2E Reports" --roles payments`;
// A payments operator (admin-redemption.spec.ts), least privilege: the redemption queue and the money desks.
process.env.E2E_PAYMENTS_OPERATOR_EMAIL ??= `pay-${Date.now().toString(36)}@luckycrown.test`;
// Another payments operator (admin-webhooks.spec.ts), enrolled by that spec alone.
process.env.E2E_WEBHOOKS_OPERATOR_EMAIL ??= `hooks-${Date.now().toString(36)}@luckycrown.test`;
// A support operator (mail-in-entry.spec.ts): the Mail-in desk.
process.env.E2E_MAILIN_OPERATOR_EMAIL ??= `mailin-${Date.now().toString(36)}@luckycrown.test`;
const paymentsCreate =
  `node ${adminCreateCommand} --email ${process.env.E2E_PAYMENTS_OPERATOR_EMAIL} --name "E2E Payments" --roles payments > /dev/null && ` +
  `node ${adminCreateCommand} --email ${process.env.E2E_WEBHOOKS_OPERATOR_EMAIL} --name "E2E Webhooks" --roles payments > /dev/null && ` +
  `node ${adminCreateCommand} --email ${process.env.E2E_MAILIN_OPERATOR_EMAIL} --name "E2E Mail-in" --roles support`;

export default defineConfig({
  testDir: './specs',
  outputDir: './artifacts/results',
  // Reference screenshots (toHaveScreenshot) are taken in Debian's Chromium, the browser every
  // run uses: one file per name, without the platform suffix, so CI finds the committed ones.
  snapshotPathTemplate: '{testDir}/{testFileName}-snapshots/{arg}{ext}',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: `${adminCreate} > /dev/null && ${paymentsCreate} > /dev/null && exec node ${path.join(root, 'apps/server/dist/main.js')}`,
      url: `${baseURL}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: baseURL,
        DATA_DIR: dataDir,
        APP_ENV: 'development',
        LOG_LEVEL: 'warn',
        // Every spec signs players up and in from 127.0.0.1; request rate limits are proven by the
        // server's integration tests (apps/server/src/modules/auth/rate-limits.test.ts).
        RATE_LIMIT_ENABLED: 'false',
        // A short review window, so a redemption reaches the payout provider within a spec.
        REDEEM_REVIEW_WINDOW_SECONDS: '20',
        // Read by the admin:create step of the command above.
        ADMIN_PASSWORD: process.env.E2E_OPERATOR_PASSWORD,
        // On PostgreSQL the owner migrates and the server connects as a login role in casino_app
        // (scripts/e2e.sh), as in production.
        ...(process.env.E2E_DATABASE_URL
          ? {
              DATABASE_URL: process.env.E2E_SERVER_DATABASE_URL ?? process.env.E2E_DATABASE_URL,
              DATABASE_MIGRATION_URL: process.env.E2E_DATABASE_URL,
            }
          : {}),
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
      },
    },
    // The location gate's spec runs against a server that enforces it (support/enforcing-server.ts).
    {
      // Embedded database and in-process sockets of its own: Playwright hands the runner's
      // DATABASE_URL and REDIS_URL to every server, and this one must share neither rows nor
      // socket rooms (the same user ids in another database) with the main server or the tests.
      command: `exec env -u DATABASE_URL -u DATABASE_MIGRATION_URL -u REDIS_URL node ${path.join(root, 'apps/server/dist/main.js')}`,
      url: `${enforcingUrl}/readyz`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(enforcingPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: enforcingUrl,
        DATA_DIR: `${dataDir}-enforce`,
        APP_ENV: 'development',
        LOG_LEVEL: 'warn',
        RATE_LIMIT_ENABLED: 'false',
        GEOLOCATION: 'enforce',
      },
    },
  ],
});
