#!/usr/bin/env bash
# `npm test`: typecheck, lint, unit and integration tests, then end-to-end tests in Chromium.
# Integration tests use an in-memory PGlite unless DATABASE_URL is set (then PostgreSQL, and
# REDIS_URL switches rate limits and socket fan-out to Redis).
set -euo pipefail
cd "$(dirname "$0")/.."
step() { printf '\n\033[1m== %s ==\033[0m\n' "$1"; }
step "runtime"
node scripts/node-version.mjs
# npm checks every package's engines against the Node it runs on: here, nested in an npm script, that
# is the product's Node, so a package that cannot run on it fails the build.
if npm install --dry-run --ignore-scripts --no-audit --no-fund 2>&1 | grep EBADENGINE; then
  echo "a package's engines exclude $(node -v)" >&2
  exit 1
fi
# SKIP_STATIC_CHECKS=1: a second pass over another database (CI) has no new code to check.
if [ "${SKIP_STATIC_CHECKS:-0}" != "1" ]; then
  step "typecheck"
  npm run typecheck
  step "lint"
  npm run lint
fi
step "unit and integration tests (database: $([ -n "${DATABASE_URL:-}" ] && echo PostgreSQL || echo "embedded PGlite")${REDIS_URL:+, Redis})"
# The scale-out storm (run on PostgreSQL with Redis) puts two servers behind Debian's HAProxy.
if [ -n "${DATABASE_URL:-}" ] && [ -n "${REDIS_URL:-}" ]; then bash scripts/ensure-haproxy.sh; fi
npx vitest run
step "end-to-end tests (Chromium)"
bash scripts/e2e.sh
