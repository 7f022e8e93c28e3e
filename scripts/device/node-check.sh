#!/usr/bin/env bash
# node-check.sh: one call on a lent 16-core machine
# for issues 33 and 34, in order:
#
#  1. scale-octal.sh: 0.6 to 2^22 at W = 1, 2, 4, 8, 16, take-a-square's
#     Grundy values to 10^7 at W = 1, 2, 4, 8, 16, 0.6's tail 2^20 -> 2^22 at
#     W = 1, 2, 16 (issue 33: the goal is >= 10x at 16 workers);
#  then 0.6 to 2^22 at W = 16 once more with CPU and block profiles, and
#  the serial-share models of the full array (TestOctalSerialShare), of
#  the tail (TestTailSerialShare, TestTailPipeWaits at W = 2 and 16) and
#  of take-a-square's Grundy values (TestSquaresSerialShare), and 1, 2 and
#  16 copies of take-a-square's one worker at once (the machine's ceiling);
#  2. census-node.sh with RUNS=19:16: the census of the 1,023 three-digit
#     octal codes to 2^19 on 16 workers (about 110 s on the node of
#     2026-11-27), stopped after CENSUS_TIMEOUT seconds (default 150;
#     NODE_RUNS="E:W ..." runs others, NODE_RUNS=none skips it), then the
#     replay of its order (issue 34: the
#     goal is <= 3.5 minutes, and a replay within 10% of the bound).
#
#	OUT=/some/dir PREBUILT=.devbin bash scripts/device/node-check.sh
#
# PREBUILT holds octal.test, sub.test (and octal-cpp, the C++ solver, as a
# yardstick of one core, where built), and tabulate and replay as such or
# gzipped (tabulate.gz, replay.gz: a lent machine takes 64 MiB of files);
# without it both scripts build with Go. Writes $OUT/node.tgz (everything
# both scripts wrote) and $OUT/summary.txt (their tables), at most two
# files, since a lent machine returns only a few. About 5 + 2 minutes on
# 16 idle cores.
set -uo pipefail
: "${OUT:?set OUT to the folder for the results}"
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
# The engines' rules for many cores that no measurement has confirmed
# (grundy/internal/policy: the main goroutine's spin and give-back, packed
# rows, take-a-square's split by heaps) are on here, where the cores are:
# a run on this machine is the measurement that keeps or deletes them.
# TABULATE_EXPERIMENTAL=0 in the environment measures without them.
export TABULATE_EXPERIMENTAL="${TABULATE_EXPERIMENTAL:-1}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [[ -n ${PREBUILT:-} ]]; then
  mkdir -p "$work/bin"
  for f in octal.test sub.test octal-cpp tabulate replay; do
    if [[ -e $PREBUILT/$f ]]; then cp "$PREBUILT/$f" "$work/bin/"
    elif [[ -e $PREBUILT/$f.gz ]]; then gzip -dc "$PREBUILT/$f.gz" > "$work/bin/$f"; fi
    [[ -e $work/bin/$f ]] && chmod +x "$work/bin/$f"
  done
  export PREBUILT="$work/bin"
fi
mkdir -p "$work/scale" "$work/census"
OUT="$work/scale" bash scripts/device/scale-octal.sh 2>&1 | tee "$work/scale/stdout.txt"
# Where 16 workers wait: one more run of 0.6 to 2^22 at W = 16 with a CPU
# and a block profile (go tool pprof reads them where Go is).
mkdir -p "$work/prof"
if [[ -x ${PREBUILT:-/nonexistent}/octal.test ]]; then
  TABULATE_OCTAL_PROCESS=0.6,4194304 TABULATE_OCTAL_WORKERS=16 TABULATE_OCTAL_SUM="$work/prof/sum" \
    "$PREBUILT/octal.test" -test.run '^TestOctalEngineProcess$' -test.count 1 \
    -test.cpuprofile "$work/prof/cpu-w16.pprof" -test.blockprofile "$work/prof/block-w16.pprof" > "$work/prof/log.txt" 2>&1 || echo "profile run failed"
fi
# The serial-share model of the full array on this machine (grundy/octal
# TestOctalSerialShare: the main goroutine's in-order share on one
# goroutine and the speed-ups it predicts), to set beside the measured
# ones above. About 40 s on 16 cores.
if [[ -x ${PREBUILT:-/nonexistent}/octal.test ]]; then
  TABULATE_OCTAL_SERIAL=0.6,${SERIAL_HEAPS:-4194304} "$PREBUILT/octal.test" -test.run '^TestOctalSerialShare$' -test.v -test.count 1 \
    > "$work/prof/serial-share.txt" 2>&1 || echo "serial-share run failed"
  sed -n '/serial share/,/--- PASS/p' "$work/prof/serial-share.txt"
fi
# The serial-share model of take-a-square's Grundy values (grundy/subtraction
# TestSquaresSerialShare: the calling goroutine's in-order share with one
# worker's rows and with 16 workers' far parts split by moves and by heaps,
# and the speed-ups each predicts), beside the measured W = 1..16 above.
# Three runs of one worker's work: about 20 s here at 5*10^6 (25 s on the
# node of 2026-11-27, whose one worker took 18 s to 10^7 against 13 s here).
if [[ -x ${PREBUILT:-/nonexistent}/sub.test ]]; then
  # And where take-a-square's 16 workers wait: one run to 10^7 with a CPU
  # and a block profile (about 5 s), beside the full array's above.
  TABULATE_SQUARES_GRUNDY=10000000 TABULATE_SQUARES_WORKERS=16 "$PREBUILT/sub.test" -test.run '^TestSquaresGrundyProcess$' -test.count 1 \
    -test.cpuprofile "$work/prof/squares-cpu-w16.pprof" -test.blockprofile "$work/prof/squares-block-w16.pprof" \
    > "$work/prof/squares-log.txt" 2>&1 || echo "squares profile run failed"
  TABULATE_SQUARES_SERIAL=${SQUARES_SERIAL_MAX:-5000000} "$PREBUILT/sub.test" -test.run '^TestSquaresSerialShare$' -test.v -test.count 1 \
    > "$work/prof/squares-share.txt" 2>&1 || echo "squares serial-share run failed"
  sed -n '/serial share/,/--- PASS/p' "$work/prof/squares-share.txt"
fi
# The machine's own ceiling for that kernel, whatever the split: K copies
# of one worker at once (K in SQUARES_COPIES, default 1 2 16), each
# take-a-square to SQUARES_COPIES_MAX (5*10^6), one process each. A copy
# slower among others than alone is the machine (shared cores, caches,
# memory), not the split: the node's W = 2 took 1.39 times the CPU of W = 1
# on 2026-11-27 (1.0 here). About 15 to 35 s on 16 cores.
if [[ -x ${PREBUILT:-/nonexistent}/sub.test ]]; then
  for k in ${SQUARES_COPIES:-1 2 16}; do
    t0=${EPOCHREALTIME:-$(date +%s.%N)} pids=()
    for ((i = 0; i < k; i++)); do
      GOMAXPROCS=1 TABULATE_SQUARES_GRUNDY=${SQUARES_COPIES_MAX:-5000000} TABULATE_SQUARES_WORKERS=1 \
        "$PREBUILT/sub.test" -test.run '^TestSquaresGrundyProcess$' -test.count 1 > /dev/null 2>&1 &
      pids+=($!)
    done
    wait "${pids[@]}"
    awk -v k="$k" -v a="$t0" -v b="${EPOCHREALTIME:-$(date +%s.%N)}" -v n="${SQUARES_COPIES_MAX:-5000000}" \
      'BEGIN { printf "copies of one worker, take-a-square to %d: %2d at once %7.2f s wall\n", n, k, b - a }'
  done | tee "$work/prof/squares-copies.txt"
fi
# The tail's in-order share (grundy/octal TestTailSerialShare: stage B's
# part on one goroutine at A's chunks 4, 12, 16, and the speed-ups it
# predicts), then the tail at W = 2 and 16 with what its pipe did
# (TestTailPipeWaits: waits, parks, wake-ups a heap, where A's chunks
# stood), W = 16 with a CPU profile: 0.6 from 2^20 to 3*2^20, TAIL_SPAN
# overrides. About 60 s on 16 cores.
if [[ -x ${PREBUILT:-/nonexistent}/octal.test ]]; then
  span=${TAIL_SPAN:-1048576,3145727}
  {
    TABULATE_TAIL_SERIAL=0.6,$span,4/12/16 "$PREBUILT/octal.test" -test.run '^TestTailSerialShare$' -test.count 1 2>&1 || echo "tail serial-share run failed"
    for w in 2 16; do
      prof=(); [[ $w == 16 ]] && prof=(-test.cpuprofile "$work/prof/cpu-tail-w16.pprof")
      TABULATE_TAIL_WAITS=0.6,$span,$w "$PREBUILT/octal.test" -test.run '^TestTailPipeWaits$' -test.count 1 "${prof[@]}" 2>&1 || echo "tail waits run at W = $w failed"
    done
  } | grep -v '^PASS$' > "$work/prof/tail-share.txt"
  cat "$work/prof/tail-share.txt"
fi
if [[ ${NODE_RUNS:-} != none ]]; then
  OUT="$work/census" RUNS=${NODE_RUNS:-19:16} CENSUS_TIMEOUT=${CENSUS_TIMEOUT:-150} bash scripts/device/census-node.sh 2>&1 | tee "$work/census/stdout.txt"
fi
{
  cat "$work/scale/machine.txt" "$work/scale/table.txt" 2>/dev/null
  sed -n '/serial share/,/--- PASS/p' "$work/prof/serial-share.txt" 2>/dev/null
  sed -n '/serial share/,/--- PASS/p' "$work/prof/squares-share.txt" 2>/dev/null
  cat "$work/prof/squares-copies.txt" 2>/dev/null
  cat "$work/prof/tail-share.txt" 2>/dev/null
  echo
  cat "$work/census/summary.txt" 2>/dev/null
} > "$OUT/summary.txt"
tar czf "$OUT/node.tgz" -C "$work" scale census prof
cat "$OUT/summary.txt"
