#!/usr/bin/env bash
# The server suite (embedded PGlite) on the current Node LTS, next to the Node 20 that
# `engines` allows and CI runs. npm ships Node itself as the `node` package, so npx fetches it
# once into its cache; NODE_LTS picks another major (default: 26, LTS since October 2026).
set -euo pipefail
cd "$(dirname "$0")/.."
NODE_LTS="${NODE_LTS:-26}"
echo "== server tests on Node $NODE_LTS"
npx --yes -p "node@$NODE_LTS" -- node --version
npx --yes -p "node@$NODE_LTS" -- node node_modules/vitest/vitest.mjs run --project server "$@"
