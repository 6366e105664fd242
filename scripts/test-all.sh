#!/usr/bin/env bash
# What `npm test` runs: every check, in order, stopping at the first failure. Each step prints a header
# and its time; the last line is a plain summary such as "6 passed, 0 failed".
#
# Steps joined by ' ;; ' in one entry of STAGES run side by side: each of the static checks is one
# single-threaded process (tsc, ESLint, Redocly), so on 2 cores two at a time take half as long as one
# after another. A side-by-side step's output is kept and printed whole when it ends, so logs do not mix.
set -uo pipefail
cd "$(dirname "$0")/.."

STAGES=(
  "typecheck (API)|npm run typecheck:api ;; typecheck (contract, web, e2e, tooling, bench)|npm run typecheck:rest ;; lint|npm run lint ;; OpenAPI lint (Redocly)|npm run lint:openapi"
  "unit (contract, tooling, bench, web)|npm run test:unit"
  "API on SQLite|env -u TEST_DATABASE_URL npm run test:api"
  "API on PostgreSQL|npm run test:api:pg"
  "API as two processes on PostgreSQL|npm run test:api:multi"
  "browser e2e|npm run test:e2e"
)

passed=0
failed=0
total_start=$SECONDS
logs=$(mktemp -d "${TMPDIR:-/tmp}/lender-test-all.XXXXXX")
trap 'rm -rf "$logs"' EXIT

header() {
  echo
  echo "================================================================"
  echo "== $1: $2"
  echo "================================================================"
}

summary_and_exit() {
  echo
  echo "${passed} passed, ${failed} failed"
  exit 1
}

run_alone() {
  local name=$1 cmd=$2 start=$SECONDS
  header "$name" "$cmd"
  if bash -c "$cmd"; then
    passed=$((passed + 1))
    echo "== ${name}: passed in $((SECONDS - start)) s"
  else
    local status=$?
    failed=$((failed + 1))
    echo "== ${name}: FAILED (exit ${status}) after $((SECONDS - start)) s"
    summary_and_exit
  fi
}

# Runs "name|cmd" steps at once; prints each one's output as it ends; fails if any failed.
run_side_by_side() {
  local -a names=() pids=()
  local i=0 step
  for step in "$@"; do
    names+=("${step%%|*}")
    (
      start=$SECONDS
      header "${step%%|*}" "${step#*|}"
      if bash -c "${step#*|}"; then
        echo "== ${step%%|*}: passed in $((SECONDS - start)) s (side by side)"
      else
        status=$?
        echo "== ${step%%|*}: FAILED (exit ${status}) after $((SECONDS - start)) s (side by side)"
        exit 1
      fi
    ) >"$logs/$i.log" 2>&1 &
    pids+=($!)
    i=$((i + 1))
  done
  local any_failed=0
  for i in "${!pids[@]}"; do
    if wait "${pids[$i]}"; then passed=$((passed + 1)); else failed=$((failed + 1)); any_failed=1; fi
    cat "$logs/$i.log"
  done
  [[ $any_failed == 0 ]] || summary_and_exit
}

for stage in "${STAGES[@]}"; do
  if [[ $stage == *" ;; "* ]]; then
    steps=()
    rest=$stage
    while [[ $rest == *" ;; "* ]]; do
      steps+=("${rest%% ;; *}")
      rest=${rest#* ;; }
    done
    steps+=("$rest")
    run_side_by_side "${steps[@]}"
  else
    run_alone "${stage%%|*}" "${stage#*|}"
  fi
done

echo
echo "All steps passed in $((SECONDS - total_start)) s"
echo "${passed} passed, ${failed} failed"
