#!/usr/bin/env bash
# Browser tests of the web platform (make test): builds the front end if needed, then runs Playwright
# against Debian's chromium with a server of our own on a free loopback port. Usage: scripts/test-web.sh BUILD_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build}"
if [ ! -x "$build/strat" ]; then echo "test-web: $build/strat is missing (build first)" >&2; exit 1; fi
if ! "$build/strat" serve --help >/dev/null 2>&1; then echo "test-web: $build/strat has no serve verb" >&2; exit 1; fi
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM:-}" ]; then echo "test-web: /usr/bin/chromium is missing" >&2; exit 1; fi
if [ ! -d web/node_modules ]; then (cd web && npm ci --no-audit --no-fund --loglevel=error); fi
if [ ! -f web/dist/index.html ] || [ -n "$(find web/src web/index.html protocol -newer web/dist/index.html -print -quit)" ]; then
  (cd web && npm run build --silent)
fi
exec timeout 900 node web/tests/run.mjs "$build"
