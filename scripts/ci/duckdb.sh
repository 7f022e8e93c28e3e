#!/usr/bin/env bash
# CI step: DuckDB (an independent reader, through its npm package) reads the
# Parquet and CSV of a run against the output contract
# (scripts/interop/check.mjs).
#
# It fails, never skips: where npm is missing it is installed with apt-get
# when running as root with apt-get at hand (CI), otherwise the step fails
# saying what to install; a failed npm install fails the step too.
#
#   scripts/ci/duckdb.sh OUT     OUT: the output folder of a tabulate run
set -euo pipefail
out="${1:?usage: scripts/ci/duckdb.sh OUT (the output folder of a tabulate run)}"
out="$(cd "$out" && pwd)"
cd "$(dirname "$0")/../.."
if ! command -v npm >/dev/null 2>&1; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "duckdb.sh: installing npm with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  fi
fi
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "duckdb.sh: FAILED: npm and node are needed for the DuckDB check and are not installed (apt-get install npm)" >&2
  exit 1
fi
if ! (cd scripts/interop && npm install --no-audit --no-fund --loglevel=error); then
  echo "duckdb.sh: FAILED: npm install in scripts/interop failed (is the npm registry reachable?)" >&2
  exit 1
fi
echo "== DuckDB reads the output"
node scripts/interop/check.mjs "$out"
