#!/usr/bin/env bash
# Screenshots for review into docs/screens (not part of `npm test`): a fresh web build in a private
# folder, the real server on a free port with a throwaway database, Debian's Chromium at 1280 and 360 px.
# Extra arguments go to Playwright, e.g. `bash scripts/screens.sh --project=narrow -g home`.
set -euo pipefail
cd "$(dirname "$0")/.."

command -v chromium >/dev/null || { apt-get update && apt-get install -y chromium; }

if [[ -z "${E2E_WEB_DIST:-}" ]]; then
  E2E_WEB_DIST="$(mktemp -d "${TMPDIR:-/tmp}/lender-screens-web.XXXXXX")"
  trap 'rm -rf "$E2E_WEB_DIST"' EXIT
  npm run build -w @lender/web -- --outDir "$E2E_WEB_DIST" --emptyOutDir
fi
export E2E_WEB_DIST

npx playwright test -c e2e/screens/playwright.config.ts "$@"
