#!/usr/bin/env bash
# Builds the production bundle and runs the Playwright specs against it in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
node scripts/node-version.mjs
bash scripts/ensure-chromium.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ "${SKIP_BUILD:-0}" != "1" ]; then npm run build; fi
# On PostgreSQL the server gets an empty database of its own (scripts/e2e-database.mjs).
if [ -n "${DATABASE_URL:-}${E2E_DATABASE_URL:-}" ]; then
  E2E_DATABASE_URL="$(node scripts/e2e-database.mjs)"
  export E2E_DATABASE_URL
fi
npx playwright test --config e2e/playwright.config.ts "$@"
