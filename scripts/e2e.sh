#!/usr/bin/env bash
# Builds the production bundle and runs the Playwright specs against it in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/ensure-chromium.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ "${SKIP_BUILD:-0}" != "1" ]; then npm run build; fi
npx playwright test --config e2e/playwright.config.ts "$@"
