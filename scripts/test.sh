#!/usr/bin/env bash
# The whole test suite: static checks, unit and API tests on the embedded database, the same
# suite on PostgreSQL (and Redis for the queue), then browser tests against the built app.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-test-tools.sh

echo "== lint and types"
npm run lint --silent
npm run typecheck --silent

echo "== unit tests (shared, widget, web, repository checks) and server tests on embedded PGlite"
npx vitest run --project server --project shared --project checks --project widget --project web

PG_URL="${TEST_PG_SERVER:-postgres://postgres@127.0.0.1:5432/postgres}"
if node scripts/can-connect.mjs "$PG_URL"; then
  echo "== tests on PostgreSQL ($PG_URL) and Redis"
  TEST_DATABASE_URL="$PG_URL" TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}" \
    npx vitest run --project server
  echo "== scale-out harness: 2 API + 2 worker processes on PostgreSQL and Redis, under faults"
  TEST_DATABASE_URL="$PG_URL" TEST_REDIS_URL="${TEST_REDIS_URL:-redis://127.0.0.1:6379}" \
    npx vitest run --project scale-out
else
  echo "NOTICE: no PostgreSQL at $PG_URL; the PostgreSQL pass was skipped" >&2
  if [ "${CI:-}" = "true" ]; then exit 1; fi
fi

echo "== browser tests"
npm run build --silent
npx vitest run --project e2e --passWithNoTests
