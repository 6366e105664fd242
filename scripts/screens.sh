#!/usr/bin/env bash
# Screenshots for review into docs/screens (not part of `npm test`): the browser tests' own run (a fresh web
# build in a private folder, the real server on a free port with a throwaway database, Debian's Chromium)
# with the screenshot suite's config, at 1280 and 360 px.
# Extra arguments go to Playwright, e.g. `bash scripts/screens.sh --project=narrow -g home`.
set -euo pipefail
cd "$(dirname "$0")/.."
PLAYWRIGHT_CONFIG=e2e/screens/playwright.config.ts exec bash scripts/test-e2e.sh "$@"
