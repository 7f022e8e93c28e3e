#!/usr/bin/env bash
# CI step: Arrow JS (apache-arrow from npm, an independent reader) reads
# every Arrow IPC file (.arrow) of a run written with formats: [arrow] and
# checks it against the manifest and the CSV of the same table
# (scripts/interop/arrow.mjs).
#
# It fails, never skips: where npm is missing it is installed with apt-get
# when running as root with apt-get at hand (CI), otherwise the step fails
# saying what to install; a failed npm install fails the step too.
#
#   scripts/ci/arrow.sh TABULATE    TABULATE: a built tabulate binary
set -euo pipefail
bin="${1:?usage: scripts/ci/arrow.sh TABULATE (a built tabulate binary)}"
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"
cd "$(dirname "$0")/../.."
if ! command -v npm >/dev/null 2>&1; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "arrow.sh: installing npm with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq npm >/dev/null
  fi
fi
if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "arrow.sh: FAILED: npm and node are needed for the Arrow JS check and are not installed (apt-get install npm)" >&2
  exit 1
fi
if ! (cd scripts/interop && npm install --no-audit --no-fund --loglevel=error); then
  echo "arrow.sh: FAILED: npm install in scripts/interop failed (is the npm registry reachable?)" >&2
  exit 1
fi
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
# A run of every table kind in seconds: the built-in games of small.yaml
# (lists, strings, booleans), octal games with proven periods (the period
# and exceptions tables, nullable columns) and a misère table.
cat > "$out/arrow.yaml" <<'YAML'
games: [squares, flip, caniwin, nim, kayles, dk]
formats: [arrow, csv]
plots: []
squares: {grundy_max: 3000, win_max: 3000, moves_max: 100}
flip: {run_max: 100, position_max: 14, count_max: 14, board_max: 8}
caniwin: {max_choosable: 6, max_total: 30}
nim: {max_piles: 3, max_pile: 4}
octal:
  kayles: {code: "0.77", max: 1000, play: both, misere_max: 20}
  dk: {code: "0.07", max: 1000}
YAML
echo "== Arrow JS reads the .arrow tables"
"$bin" run --config "$out/arrow.yaml" --out "$out/out" -q --no-report
node scripts/interop/arrow.mjs "$out/out"
