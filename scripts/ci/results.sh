#!/usr/bin/env bash
# CI step: the results page (docs/results.md) reproduces. Each entry's
# command runs in a scratch folder and every table it names must have the
# sha256 that docs/results.sha256 lists, and that sha256 must be the one the
# page prints, so neither the tool nor the page can drift from the other
# without this step failing.
#
#   scripts/ci/results.sh [TABULATE]       the entries of a few seconds
#   RESULTS_ALL=1 scripts/ci/results.sh    every entry (minutes each, up to
#                                          2 GiB: the Wythoff rows, the
#                                          three-digit misère census)
#
# TABULATE is a built tabulate binary (default: go build into the scratch
# folder). docs/results.sha256 is in sha256sum's format, a path per line
# below the scratch folder, OUT/FILE, where OUT is the entry's output folder
# (the "writes OUT/" of its command on the page). It lists the CSV,
# Markdown, LaTeX and figure files only: a Parquet file carries the version
# of the binary that wrote it in its metadata (docs/reference.md), so its
# sha256 holds for one build, and the page names the build of those it
# prints (CI's own build of the same commit wrote other Parquet bytes for
# the same tables, 2026-11-27).
set -euo pipefail
cd "$(dirname "$0")/../.."
root="$(pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
bin="${1:-}"
if [[ -z "$bin" ]]; then
  go build -o "$tmp/tabulate" ./cmd/tabulate
  bin="$tmp/tabulate"
fi
bin="$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")"

# The entries: output folder, then the command's arguments as the page gives
# them (a line "tabulate ARGS  # writes OUT/" must be on the page).
quick=(
  "out-census-misere census --config configs/census-misere.yaml"
  "out-census-hex census --config configs/census-hex.yaml"
)
long=(
  "out-census-misere-3 census --config configs/census-misere-3.yaml"
  "out-wythoff-rows run --config configs/wythoff-rows.yaml"
)
entries=("${quick[@]}")
[[ "${RESULTS_ALL:-}" == 1 ]] && entries+=("${long[@]}")

fail=0
for entry in "${entries[@]}"; do
  read -r out args <<<"$entry"
  if ! grep -qF "tabulate $args" docs/results.md; then
    echo "results.sh: FAILED: docs/results.md does not give the command 'tabulate $args' (writes $out/)" >&2
    fail=1
    continue
  fi
  echo "== tabulate $args"
  # shellcheck disable=SC2086 # the arguments, split as on the page
  (cd "$root" && "$bin" $args --out "$tmp/$out" >"$tmp/$out.log" 2>&1) || {
    echo "results.sh: FAILED: tabulate $args exited $?:" >&2
    tail -20 "$tmp/$out.log" >&2
    fail=1
    continue
  }
  listed="$(grep -E "  $out/" docs/results.sha256 || true)"
  if [[ -z "$listed" ]]; then
    echo "results.sh: FAILED: docs/results.sha256 lists no file of $out/" >&2
    fail=1
    continue
  fi
  (cd "$tmp" && sha256sum -c --quiet - <<<"$listed") || { echo "results.sh: FAILED: $out/: a table differs from docs/results.sha256 (the command above changed its output: rerun it and update the page and docs/results.sha256 together)" >&2; fail=1; }
  while read -r sum path; do
    grep -qF "$sum" docs/results.md || { echo "results.sh: FAILED: docs/results.md does not print the sha256 of $path ($sum)" >&2; fail=1; }
  done <<<"$listed"
done
# The frequency tables of the runs to 2^32 (hours each: not rerun here) are
# kept in docs/data; the page must print each file's sha256 and that of
# its table at 2^29..2^32 alone (the rows with that heaps and partial
# false, as lines value,count under the header value,count).
for csv in docs/data/*-frequencies-2^32.csv; do
  sum="$(sha256sum "$csv" | cut -d' ' -f1)"
  grep -qF "$sum" docs/results.md || { echo "results.sh: FAILED: docs/results.md does not print the sha256 of $csv ($sum)" >&2; fail=1; }
  for k in 29 30 31 32; do
    sum="$(awk -F, -v h=$((1 << k)) 'NR == 1 { print "value,count" } $1 == h && $4 == "false" { print $2 "," $3 }' "$csv" | sha256sum | cut -d' ' -f1)"
    grep -qF "$sum" docs/results.md || { echo "results.sh: FAILED: docs/results.md does not print the sha256 of $csv's table at 2^$k ($sum)" >&2; fail=1; }
  done
done
[[ "$fail" == 0 ]] && echo "results.sh: every table of the entries run has the page's sha256"
exit "$fail"
