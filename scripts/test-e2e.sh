#!/usr/bin/env bash
# Browser tests: Debian's Chromium (never a downloaded browser), a fresh web build, then Playwright,
# which starts the real server on a free port with a throwaway SQLite database (e2e/playwright.config.ts).
# Extra arguments go to Playwright, e.g. `bash scripts/test-e2e.sh --project=desktop routes`.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v chromium >/dev/null || { apt-get update && apt-get install -y chromium; }

# The web app is built into a directory of this run only: a build started elsewhere meanwhile (npm start,
# another test run) empties apps/web/dist and would pull the page chunks from under the browser.
# E2E_WEB_DIST set by the caller means: test that build, do not build.
if [[ -z "${E2E_WEB_DIST:-}" ]]; then
  E2E_WEB_DIST="$(mktemp -d "${TMPDIR:-/tmp}/lender-e2e-web.XXXXXX")"
  trap 'rm -rf "$E2E_WEB_DIST"' EXIT
  npm run build -w @lender/web -- --outDir "$E2E_WEB_DIST" --emptyOutDir
fi
export E2E_WEB_DIST

set +e
# PLAYWRIGHT_CONFIG: another suite on the same build and server (scripts/screens.sh).
npx playwright test -c "${PLAYWRIGHT_CONFIG:-e2e/playwright.config.ts}" "$@"
status=$?
set -e
exit "$status"
