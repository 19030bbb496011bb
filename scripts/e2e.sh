#!/usr/bin/env bash
# Builds the production bundle and runs the Playwright specs against it in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/node-version.mjs
bash scripts/ensure-chromium.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ "${SKIP_BUILD:-0}" != "1" ]; then npm run build; fi
# On PostgreSQL the server gets an empty database of its own, migrated by its owner and served by
# a login role in casino_app (apps/server/src/test/e2e-database.ts prints both URLs).
if [ -n "${DATABASE_URL:-}${E2E_DATABASE_URL:-}" ]; then
  urls="$(npx tsx apps/server/src/test/e2e-database.ts)"
  E2E_DATABASE_URL="$(sed -n 1p <<<"$urls")"
  E2E_SERVER_DATABASE_URL="$(sed -n 2p <<<"$urls")"
  export E2E_DATABASE_URL E2E_SERVER_DATABASE_URL
fi
npx playwright test --config e2e/playwright.config.ts "$@"
