#!/usr/bin/env bash
# `npm run test:crash`: the crash test on SQLite and on a throwaway PostgreSQL cluster (scripts/with-postgres.sh
# starts it, passes TEST_DATABASE_URL, and removes it however the test ends). Arguments go to crash-test.ts.
# `timeout` bounds the whole run even if something hangs where the test's own deadline cannot see it
# (cluster start, npm); it signals the whole process group, and each part cleans up after itself. It sits
# above crash-test.ts's own CRASH_DEADLINE_S (420 s: the server phase and the close-of-business phase, on
# both databases).
set -euo pipefail
cd "$(dirname "$0")/../.."

exec timeout --kill-after=20 540 bash scripts/with-postgres.sh node --import tsx scripts/crash/crash-test.ts "$@"
