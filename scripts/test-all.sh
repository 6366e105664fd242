#!/usr/bin/env bash
# What `npm test` runs: every check, in order, stopping at the first failure. Each step prints a header
# and its time; the last line is a plain summary such as "6 passed, 0 failed".
set -uo pipefail
cd "$(dirname "$0")/.."

STEPS=(
  "typecheck|npm run typecheck"
  "lint|npm run lint"
  "OpenAPI lint (Redocly)|npm run lint:openapi"
  "unit (contract, bench, web)|npm run test:unit"
  "API on SQLite|env -u TEST_DATABASE_URL npm run test:api"
  "API on PostgreSQL|npm run test:api:pg"
  "API as two processes on PostgreSQL|npm run test:api:multi"
  "browser e2e|npm run test:e2e"
)

passed=0
failed=0
total_start=$SECONDS
for step in "${STEPS[@]}"; do
  name="${step%%|*}"
  cmd="${step#*|}"
  echo
  echo "================================================================"
  echo "== ${name}: ${cmd}"
  echo "================================================================"
  start=$SECONDS
  if bash -c "$cmd"; then
    passed=$((passed + 1))
    echo "== ${name}: passed in $((SECONDS - start)) s"
  else
    status=$?
    failed=$((failed + 1))
    echo "== ${name}: FAILED (exit ${status}) after $((SECONDS - start)) s"
    echo
    echo "${passed} passed, ${failed} failed"
    exit 1
  fi
done

echo
echo "All steps passed in $((SECONDS - total_start)) s"
echo "${passed} passed, ${failed} failed"
