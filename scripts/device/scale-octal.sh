#!/usr/bin/env bash
# Scaling of one game over the cores of a lent machine (issue 33), run ONCE:
#
#   OUT=/some/empty/dir scripts/device/scale-octal.sh
#
# from the repository root (or anywhere: it finds the root from its own
# path). Needs Go (no network: the module cache or vendor must already
# hold the dependencies the two test binaries need, which are the standard
# library and golang.org/x/sync only) and bash; /usr/bin/time is used when
# present (GNU time -f), else bash's time.
#
# It builds the test binaries of grundy/octal and grundy/subtraction (no
# build cache assumed: about a minute), then times, one sample each, the
# whole process of:
#
#   - 0.6 (Officers), the full-array engine, heaps 0..2^22-1
#     (TestOctalEngineProcess, TABULATE_OCTAL_PROCESS=0.6,4194304), at
#     W = 1, 2, 4, 8, 16 workers (TABULATE_OCTAL_WORKERS);
#   - take-a-square's Grundy values g(0..10^7) (TestSquaresGrundyProcess)
#     at W = 1, 2, 4, 8, 16;
#   - last, if time is left, 0.6 in tail mode from 2^20 to 2^22
#     (TestOctalTailProcess: the prefix on one worker, the tail on W
#     goroutines) at W = 1, 2, 16, its sum being the checksum and final
#     frequencies of the run, and tail_s the tail's own wall time (timed
#     inside the process from its first progress report);
#
# each writing a sum of its values (sums/*; the table shows the sha256 of
# each sum file), so that the values can be seen to be the same at every W.
# Expected on 16 cores: about 1 min of build and 1.5 to 2.5 min of runs
# (estimated from the node's 19.6 s for 0.6 to 2^22 on one worker and 17 s
# here for take-a-square to 10^7 on one); a run not started by 210 s after
# the start is skipped (and says so), so the whole stays under 4 minutes
# unless a single run takes more than 30 s.
#
# Writes under $OUT: machine.txt (CPU, cores, Go, load before and after),
# results.tsv (game, W, wall s, user s, sys s, peak KiB, sha256), sums/*
# and logs/*; prints a compact table at the end (wall, speed-up against W =
# 1, CPU, peak, the tail's own time, whether the sums equal those of W =
# 1). Exit status: 0 when no run failed and every run that ran gave the
# same values as W = 1 (skipped runs are listed as such), 1 otherwise.
# SCALE_SMALL=1 runs the same on small sizes (2^18 heaps, 10^6), a smoke
# test of the script on any machine.
set -euo pipefail
# The engines' rules for many cores that no measurement has confirmed
# (grundy/internal/policy: the main goroutine's spin and give-back, packed
# rows, take-a-square's split by heaps) are on here, where the cores are:
# a run on this machine is the measurement that keeps or deletes them.
# TABULATE_EXPERIMENTAL=0 in the environment measures without them.
export TABULATE_EXPERIMENTAL="${TABULATE_EXPERIMENTAL:-1}"

: "${OUT:?set OUT to the folder for the results}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
mkdir -p "$OUT/sums" "$OUT/logs"
bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
t0=$(date +%s)
budget=210
officers=4194304 squares=10000000 tailfrom=1048576 tailto=4194303
if [[ ${SCALE_SMALL:-0} == 1 ]]; then
  officers=262144 squares=1000000 tailfrom=131072 tailto=262143
fi

{
  echo "date: $(date -u +%FT%TZ)"
  echo "cores: $(nproc)"
  grep -m1 'model name' /proc/cpuinfo 2>/dev/null || true
  # The caches and sockets: two lent machines of the same name differed
  # by 1.6x on the full array (docs/performance.md, 2026-11-27).
  lscpu 2>/dev/null | grep -Ei '^(socket|core|thread|numa node\(s\)|l1d|l2|l3|cpu max mhz)' || true
  if [[ -n ${PREBUILT:-} ]]; then echo "test binaries prebuilt in $PREBUILT"; else go version; fi
  echo "commit: $(git rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "sizes: 0.6 heaps 0..$((officers - 1)), take-a-square 0..$squares"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)"
} > "$OUT/machine.txt"

echo "building the test binaries ..."
b0=$(date +%s)
# PREBUILT=DIR: take octal.test and sub.test built elsewhere (a lent
# machine without Go), e.g. go test -c -o DIR/octal.test ./grundy/octal.
if [[ -n ${PREBUILT:-} ]]; then
  cp "$PREBUILT/octal.test" "$PREBUILT/sub.test" "$bin/"
else
  go test -c -o "$bin/octal.test" ./grundy/octal
  go test -c -o "$bin/sub.test" ./grundy/subtraction
fi
echo "build: $(($(date +%s) - b0)) s" >> "$OUT/machine.txt"

printf 'game\tW\twall_s\tuser_s\tsys_s\tpeak_KiB\tsha256\ttail_s\n' > "$OUT/results.tsv"

# measure NAME W ENV... -- CMD...: one timed run, a line of results.tsv.
measure() {
  local name=$1 w=$2
  shift 2
  local envs=()
  while [[ $1 != -- ]]; do envs+=("$1"); shift; done
  shift
  local tag="${name}_W${w}" sum="$OUT/sums/${name}_W${w}"
  if (( $(date +%s) - t0 > budget )); then
    echo "skipped $tag: past ${budget} s"
    printf '%s\t%s\tskipped\t-\t-\t-\t-\t-\n' "$name" "$w" >> "$OUT/results.tsv"
    return
  fi
  local wall user sys peak
  rm -f "$bin/tt"
  if [[ -x /usr/bin/time ]]; then
    /usr/bin/time -f '%e %U %S %M' -o "$bin/t" env "${envs[@]}" "$@" > "$OUT/logs/$tag.log" 2>&1 ||
      { echo "$tag failed: see logs/$tag.log"; printf '%s\t%s\tfailed\t-\t-\t-\t-\t-\n' "$name" "$w" >> "$OUT/results.tsv"; return; }
    read -r wall user sys peak < "$bin/t"
  else
    local TIMEFORMAT='%R %U %S'
    { time env "${envs[@]}" "$@" > "$OUT/logs/$tag.log" 2>&1; } 2> "$bin/t" ||
      { echo "$tag failed: see logs/$tag.log"; printf '%s\t%s\tfailed\t-\t-\t-\t-\t-\n' "$name" "$w" >> "$OUT/results.tsv"; return; }
    read -r wall user sys < "$bin/t"
    peak=-
  fi
  local tail=-
  [[ -s "$bin/tt" ]] && { tail=$(cut -d' ' -f2 "$bin/tt"); rm -f "$bin/tt"; }
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$name" "$w" "$wall" "$user" "$sys" "$peak" "$(sha256sum < "$sum" | cut -c1-64)" "$tail" >> "$OUT/results.tsv"
  echo "$tag: ${wall} s wall, ${user} s user"
}

# The yardstick of one core: the C++ solver of tczajka/octal-games (one
# thread) on the same heaps, when PREBUILT holds a build of it (octal-cpp:
# g++ -O2 -static of the checkout TABULATE_PEER_DIR names; not part of the
# repository), so that machines can be compared by the solver's time.
if [[ -n ${PREBUILT:-} && -x $PREBUILT/octal-cpp ]]; then
  cp "$PREBUILT/octal-cpp" "$bin/"
  : > "$OUT/sums/cpp-solver_W1"
  measure cpp-solver 1 "GOMAXPROCS=1" -- "$bin/octal-cpp" .6 "$officers"
fi
for w in 1 2 4 8 16; do
  measure officers "$w" "TABULATE_OCTAL_PROCESS=0.6,$officers" "TABULATE_OCTAL_WORKERS=$w" "TABULATE_OCTAL_SUM=$OUT/sums/officers_W$w" -- \
    "$bin/octal.test" -test.run '^TestOctalEngineProcess$' -test.count 1
done
for w in 1 2 4 8 16; do
  measure squares "$w" "TABULATE_SQUARES_GRUNDY=$squares" "TABULATE_SQUARES_WORKERS=$w" "TABULATE_SQUARES_SUM=$OUT/sums/squares_W$w" -- \
    "$bin/sub.test" -test.run '^TestSquaresGrundyProcess$' -test.count 1
done

for w in 1 2 16; do
  measure officers_tail "$w" "TABULATE_OCTAL_TAIL=0.6,$tailfrom,$tailto" "TABULATE_OCTAL_TAIL_WORKERS=$w" \
    "TABULATE_OCTAL_TAIL_TIMES=$bin/tt" "TABULATE_OCTAL_TAIL_SUM=$OUT/sums/officers_tail_W$w" -- \
    "$bin/octal.test" -test.run '^TestOctalTailProcess$' -test.count 1
done

echo "load after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)" >> "$OUT/machine.txt"
echo "total: $(($(date +%s) - t0)) s" >> "$OUT/machine.txt"

echo
cat "$OUT/machine.txt"
echo
awk -F'\t' '
  NR == 1 { next }
  $2 == 1 && $3 != "skipped" && $3 != "failed" { base[$1] = $3; sum1[$1] = $7 }
  { rows[NR] = $0 }
  END {
    printf "%-14s %3s %9s %8s %9s %10s %8s %s\n", "game", "W", "wall s", "speedup", "user s", "peak MiB", "tail s", "values (sha256 of the sum file)"
    bad = 0
    for (i = 2; i <= NR; i++) {
      split(rows[i], f, "\t")
      if (f[3] == "skipped" || f[3] == "failed") { printf "%-14s %3s %9s\n", f[1], f[2], f[3]; if (f[3] == "failed") bad = 1; continue }
      sp = (f[1] in base && base[f[1]] + 0 > 0) ? sprintf("%.2fx", base[f[1]] / f[3]) : "-"
      same = (f[7] == sum1[f[1]]) ? "same as W=1" : "DIFFER"
      if (same == "DIFFER") bad = 1
      pk = (f[6] == "-") ? "-" : sprintf("%.0f", f[6] / 1024)
      printf "%-14s %3s %9.2f %8s %9.2f %10s %8s %s (%s)\n", f[1], f[2], f[3], sp, f[4], pk, f[8], same, substr(f[7], 1, 12)
    }
    exit bad
  }' "$OUT/results.tsv" | tee "$OUT/table.txt"
