#!/usr/bin/env bash
# Reproduces the performance figures of README.md on this machine.
#
#   scripts/bench.sh            the large runs (time and peak memory) and the
#                               paired benchmarks (plain algorithm vs engine)
#   scripts/bench.sh runs       only the large runs
#   scripts/bench.sh benches    only the go test -bench pairs
#   scripts/bench.sh full       everything, including what takes minutes a
#                               sample: the plain take-a-square DP to 10^7,
#                               the Nim tuple search at 10 x 15 and the
#                               take-a-square losing positions to 2^32
#
# Every figure is taken BENCH_SAMPLES times (default 5) and printed as the
# minimum and the median, with the machine's load (/proc/loadavg) before and
# after: on a shared machine the minimum is the closest to the unloaded time
# and the median says how much the load moved it.
#
# Each run is kept as data in bench/runs/DATE-MACHINE-WHAT/ (BENCH_RUNS
# names another parent folder; BENCH_RUNS=none keeps nothing): summary.txt
# (what the script prints), raw.csv (every sample), lscpu.txt (the
# machine: model, cores, caches) and run.txt (the command, the commit, the
# date, the Go version). MACHINE is the CPU model and core count
# (intel-xeon-2c), WHAT the mode; docs/performance.md cites these folders.
# A run that fails leaves no folder.
#
#   scripts/bench.sh octal [N] [REGEX]
#                               the octal engine beside the C++ solver of
#                               tczajka/octal-games (built from the checkout
#                               that TABULATE_PEER_DIR names, the folder
#                               with its run.sh; without it, the engine
#                               alone, said on standard error),
#                               N samples each (default 3), min and median
#                               and the ratio peer/engine; REGEX narrows the
#                               rows (e.g. '\.6_n=1000000$')
#   scripts/bench.sh octal1 [N] [REGEX]
#                               (needs TABULATE_PEER_DIR, as octal)
#                               one worker against one thread: the engine in
#                               its test binary with GOMAXPROCS=1 against the
#                               C++ solver, each a whole process, in turn (A
#                               B A B, one warm-up pair, N counted pairs,
#                               default 3), CPU (user+sys) and wall seconds,
#                               min and median, the ratio solver/engine (CPU,
#                               pair by pair, median) and the engine's values
#                               a second (CPU); then the tail's rate (0.6
#                               from 2^22 to 2^24, tail.go, on one goroutine
#                               and on two, tailpipe.go, N pairs in turn):
#                               values/s = heaps of the tail / its CPU or
#                               wall, timed inside the process. REGEX
#                               narrows the rows, matched against
#                               "game,heaps" (e.g. '^\.6,1000000$'; 'tail'
#                               for the tail row alone)
#   scripts/bench.sh workers [N] one game on one worker against two (issue
#                               33), each a whole process of a test binary
#                               with GOMAXPROCS=2, W=1 and W=2 in turn (one
#                               warm-up pair, N counted pairs, default 3):
#                               0.6 to 2^24 (full array) and take-a-square's
#                               Grundy values to 10^7; CPU and wall min and
#                               median, the wall ratio W=1/W=2 pair by pair
#                               (median), and whether the values' sha256
#                               are the same
#
# Each large run is the real command on a shipped configuration, timed by
# /usr/bin/time. Each benchmark runs the plain algorithm (what a competent
# programmer writes for the original problem, on one core) and the engine on
# the same work in one go test -bench process, the engine twice: on one
# worker (engine/workers=1) and on every CPU (engine/workers=all); go test
# interleaves the samples of the pair, so load changes hit both.
set -euo pipefail
what="${1:-all}"
samples="${BENCH_SAMPLES:-5}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
case "$what" in all | runs | benches | full | octal | octal1 | workers) ;; *) echo "bench.sh: unknown mode '$what' (all, runs, benches, full, octal, octal1, workers)" >&2; exit 2 ;; esac

# The C++ solver of tczajka/octal-games is not part of the repository: a
# checkout of it is named by TABULATE_PEER_DIR (relative to the folder the
# script is started from, or absolute), e.g.
#   TABULATE_PEER_DIR=PATH/TO/octal-games scripts/bench.sh octal1
peer_dir="${TABULATE_PEER_DIR:-}"
[[ -z "$peer_dir" || "$peer_dir" == /* ]] || peer_dir="$PWD/$peer_dir"
cd "$(dirname "$0")/.."

# The run's folder, bench/runs/DATE-MACHINE-WHAT (a -2, -3 ... suffix when
# one of that name exists), filled as the run goes and removed if it fails.
runs="${BENCH_RUNS:-bench/runs}"
run_dir=""
if [[ "$runs" != none ]]; then
  model="$(lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)"
  [[ -n "$model" ]] || model="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2)"
  machine="$(echo "$model" | tr 'A-Z' 'a-z' | sed -E 's/\((r|tm)\)//g; s/(cpu|processor|[0-9]+-core|@.*)//g; s/[^a-z0-9]+/-/g; s/^-+|-+$//g' | cut -d- -f1-3)"
  run_dir="$runs/$(date -u +%Y-%m-%d)-${machine:-unknown}-$(nproc)c-$what"
  base="$run_dir"
  for ((i = 2; ; i++)); do [[ -e "$run_dir" ]] || break; run_dir="$base-$i"; done
  mkdir -p "$run_dir"
  lscpu > "$run_dir/lscpu.txt" 2>/dev/null || cp /proc/cpuinfo "$run_dir/lscpu.txt"
  {
    echo "command: scripts/bench.sh $*"
    echo "commit: $(git rev-parse --short HEAD 2>/dev/null || echo none)$(git diff --quiet HEAD -- . ':!bench/runs' 2>/dev/null || echo ' (with uncommitted changes)')"
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "go: $(go version)"
    echo "load before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
  } > "$run_dir/run.txt"
  exec > >(tee "$run_dir/summary.txt")
  trap 'rc=$?; rm -rf "$tmp"; if ((rc)); then rm -rf "$run_dir"; else echo "load after: $(cut -d" " -f1-3 /proc/loadavg 2>/dev/null)" >> "$run_dir/run.txt"; echo "kept in $run_dir" >&2; fi' EXIT
fi
# raw LINE: appends a line to the run's raw.csv (nothing without a folder).
raw() { [[ -z "$run_dir" ]] || echo "$1" >> "$run_dir/raw.csv"; }

peer_solver() {  # the solver's run.sh in TABULATE_PEER_DIR, or nothing when it is not set
  [[ -n "$peer_dir" ]] || return 0
  if [[ ! -x "$peer_dir/run.sh" ]]; then
    echo "bench.sh: TABULATE_PEER_DIR=$TABULATE_PEER_DIR has no executable run.sh: it must name a checkout of tczajka/octal-games (the folder with run.sh and analyze_n.cc)" >&2
    return 2
  fi
  echo "$(cd "$peer_dir" && pwd)/run.sh"
}

if [[ "$what" == octal1 ]]; then
  count="${2:-3}"
  rows="${3:-.}"
  specs=(.6,1000000 .6,4194304 .161,4194304 .014,4194304 grundy,4194304)
  peer_rows=0  # the solver is needed only by the rows against it, not by the tail's
  for spec in "${specs[@]}"; do [[ "$spec" =~ $rows ]] && peer_rows=1; done
  peer_run="$(peer_solver)"
  if ((peer_rows)); then
    [[ -x "$peer_run" ]] || { echo "bench.sh octal1: needs the C++ solver of tczajka/octal-games, which is not part of the repository: set TABULATE_PEER_DIR to its checkout (the folder with run.sh), e.g. TABULATE_PEER_DIR=PATH/TO/octal-games scripts/bench.sh octal1 (or give only the tail's row: scripts/bench.sh octal1 3 tail)" >&2; exit 2; }
    "$peer_run" .6 10 >/dev/null  # builds the solver once
  fi
  go test -c -o "$tmp/octal.test" ./grundy/octal
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); go: $(go version | cut -d' ' -f3); date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  # cpu CMD...: runs CMD (output discarded) and prints "cpu wall" seconds.
  cpu() {
    /usr/bin/time -f '%U %S %e' -o "$tmp/t" "$@" >/dev/null 2>&1 || { echo "bench.sh octal1: failed: $*" >&2; exit 1; }
    awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$tmp/t"
  }
  printf '%-16s %-7s %15s %15s %22s %12s\n' "game,heaps" who "CPU min/med s" "wall min/med s" "solver/engine CPU med" "values/s"
  for spec in "${specs[@]}"; do
    [[ "$spec" =~ $rows ]] || continue
    code="${spec%,*}"; n="${spec#*,}"
    : > "$tmp/pairs"
    for ((i = 0; i <= count; i++)); do  # pair 0 is the warm-up
      p="$(cpu "$peer_run" "$code" "$n")"
      e="$(cpu env GOMAXPROCS=1 TABULATE_OCTAL_PROCESS="$code,$n" "$tmp/octal.test" -test.run '^TestOctalEngineProcess$')"
      ((i > 0)) && echo "$p $e" >> "$tmp/pairs"
    done
    [[ -s "$run_dir/raw.csv" ]] || raw "game,heaps,pair,solver_cpu_s,solver_wall_s,engine_cpu_s,engine_wall_s"
    awk -v spec="$spec" '{ print spec "," NR "," $1 "," $2 "," $3 "," $4 }' "$tmp/pairs" | while read -r l; do raw "$l"; done
    awk -v spec="$spec" -v n="$n" '
      function med(a, k,   i, j, t) { for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }; return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2 }
      function mn(a, k,   i, m) { m = a[1]; for (i = 2; i <= k; i++) if (a[i] < m) m = a[i]; return m }
      { pc[NR] = $1; pw[NR] = $2; ec[NR] = $3; ew[NR] = $4; r[NR] = $1 / $3 }
      END {
        k = NR
        printf "%-16s %-7s %7.2f/%-7.2f %7.2f/%-7.2f\n", spec, "solver", mn(pc, k), med(pc, k), mn(pw, k), med(pw, k)
        printf "%-16s %-7s %7.2f/%-7.2f %7.2f/%-7.2f %22.2fx %12.3g\n", "", "engine", mn(ec, k), med(ec, k), mn(ew, k), med(ew, k), med(r, k), n / med(ec, k)
      }' "$tmp/pairs"
  done
  if [[ "tail" =~ $rows ]]; then
    # The tail's rate: 0.6 from 2^22 to 2^24, the prefix on one worker, the
    # tail on one goroutine (GOMAXPROCS=1) and on two (tailpipe.go,
    # GOMAXPROCS=2), in turn, N pairs; its heaps, wall and CPU timed inside
    # the process from the tail's first progress report on
    # (TABULATE_OCTAL_TAIL_TIMES), so that the prefix does not count.
    : > "$tmp/tail"
    for ((i = 1; i <= count; i++)); do
      for w in 1 2; do
        cpu env GOMAXPROCS=$w TABULATE_OCTAL_TAIL_WORKERS=$w TABULATE_OCTAL_TAIL_TIMES="$tmp/tt" TABULATE_OCTAL_TAIL=0.6,4194304,16777215 "$tmp/octal.test" -test.run '^TestOctalTailProcess$' >/dev/null
        echo "$w $(cat "$tmp/tt")" >> "$tmp/tail"
      done
    done
    raw "tail,goroutines,heaps,wall_s,cpu_s"
    awk '{ print "0.6 2^22-2^24," $1 "," $2 "," $3 "," $4 }' "$tmp/tail" | while read -r l; do raw "$l"; done
    awk '
      function med(a, k,   i, j, t) { for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }; return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2 }
      function mn(a, k,   i, m) { m = a[1]; for (i = 2; i <= k; i++) if (a[i] < m) m = a[i]; return m }
      { w = $1; k[w]++; h[w] = $2; wall[w, k[w]] = $3; c[w, k[w]] = $4; if (w == 2) r[k[w]] = wall[1, k[w]] / $3 }
      END {
        for (w = 1; w <= 2; w++) {
          n = k[w]; for (i = 1; i <= n; i++) { ww[i] = wall[w, i]; cc[i] = c[w, i] }
          printf "%-16s %-7s %7.2f/%-7.2f s CPU %7.2f/%-7.2f s wall (%d heaps, min/median of %d): %.3g values/s (CPU), %.3g values/s (wall)\n", w == 1 ? "0.6 tail 2^22-24" : "", w " gor.", mn(cc, n), med(cc, n), mn(ww, n), med(ww, n), h[w], n, h[w] / med(cc, n), h[w] / med(ww, n)
        }
        printf "%-16s %-7s wall of one goroutine / two, pair by pair: median %.2fx\n", "", "", med(r, k[2])
      }' "$tmp/tail"
  fi
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

if [[ "$what" == workers ]]; then
  count="${2:-3}"
  on="${BENCH_OCTAL_HEAPS:-16777216}" sn="${BENCH_SQUARES_MAX:-10000000}"  # smaller for a smoke test
  go test -c -o "$tmp/octal.test" ./grundy/octal
  go test -c -o "$tmp/sub.test" ./grundy/subtraction
  echo "machine: $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); go: $(go version | cut -d' ' -f3); date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  echo "load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  # run W GAME: one whole process of GAME on W workers, prints "cpu wall".
  run() {
    local w=$1 game=$2
    case $game in
      .6) set -- env GOMAXPROCS=2 TABULATE_OCTAL_PROCESS=0.6,"$on" TABULATE_OCTAL_WORKERS="$w" TABULATE_OCTAL_SUM="$tmp/sum.$game.$w" "$tmp/octal.test" -test.run '^TestOctalEngineProcess$' ;;
      squares) set -- env GOMAXPROCS=2 TABULATE_SQUARES_GRUNDY="$sn" TABULATE_SQUARES_WORKERS="$w" TABULATE_SQUARES_SUM="$tmp/sum.$game.$w" "$tmp/sub.test" -test.run '^TestSquaresGrundyProcess$' ;;
    esac
    /usr/bin/time -f '%U %S %e' -o "$tmp/t" "$@" >/dev/null 2>&1 || { echo "bench.sh workers: failed: $*" >&2; exit 1; }
    awk '{ printf "%.3f %.3f\n", $1 + $2, $3 }' "$tmp/t"
  }
  printf '%-22s %15s %15s %15s %15s %12s %6s\n' game "W=1 CPU min/med" "W=1 wall min/med" "W=2 CPU min/med" "W=2 wall min/med" "wall 1/2 med" same
  for game in .6 squares; do
    : > "$tmp/pairs"
    for ((i = 0; i <= count; i++)); do  # pair 0 is the warm-up
      a="$(run 1 "$game")"; b="$(run 2 "$game")"
      ((i > 0)) && echo "$a $b" >> "$tmp/pairs"
    done
    same=no; cmp -s "$tmp/sum.$game.1" "$tmp/sum.$game.2" && same=yes
    [[ -s "$run_dir/raw.csv" ]] || raw "game,pair,w1_cpu_s,w1_wall_s,w2_cpu_s,w2_wall_s"
    awk -v g="$game" '{ print g "," NR "," $1 "," $2 "," $3 "," $4 }' "$tmp/pairs" | while read -r l; do raw "$l"; done
    label="0.6, $on heaps"; [[ $game == squares ]] && label="take-a-square to $sn"
    awk -v game="$label" -v same="$same" '
      function med(a, k,   i, j, t) { for (i = 2; i <= k; i++) for (j = i; j > 1 && a[j-1] > a[j]; j--) { t = a[j]; a[j] = a[j-1]; a[j-1] = t }; return k % 2 ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2 }
      function mn(a, k,   i, m) { m = a[1]; for (i = 2; i <= k; i++) if (a[i] < m) m = a[i]; return m }
      { c1[NR] = $1; w1[NR] = $2; c2[NR] = $3; w2[NR] = $4; r[NR] = $2 / $4 }
      END { k = NR; printf "%-22s %7.2f/%-7.2f %7.2f/%-7.2f %7.2f/%-7.2f %7.2f/%-7.2f %11.2fx %6s\n", game, mn(c1, k), med(c1, k), mn(w1, k), med(w1, k), mn(c2, k), med(c2, k), mn(w2, k), med(w2, k), med(r, k), same }' "$tmp/pairs"
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

if [[ "$what" == octal ]]; then
  count="${2:-3}"
  rows="${3:-.}"
  peer_run="$(peer_solver)"
  if [[ -x "$peer_run" ]]; then
    "$peer_run" .6 10 >/dev/null  # builds the solver once
  else
    echo "bench.sh octal: TABULATE_PEER_DIR is not set: the engine alone, without the C++ solver's rows (set it to a checkout of tczajka/octal-games to compare)" >&2
  fi
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "go: $(go version); date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  go test ./grundy/octal -run '^$' -bench "OctalPeer/(${rows})" -benchtime 1x -count "$count" -timeout 6h |
    awk '{ print | "cat 1>&2"; fflush("cat 1>&2") }  # the raw lines as they come (tee /dev/stderr would reopen the file at offset 0)
    /^BenchmarkOctalPeer/ {
      name = $1; sub(/^BenchmarkOctalPeer\//, "", name); sub(/-[0-9]+$/, "", name)
      t[name] = t[name] " " $3 / 1e9
      if (!(name in seen)) { seen[name] = 1; order[++n] = name }
    }
    function stats(s, out,   a, k, i, j, x) {
      k = split(s, a, " ")
      for (i = 2; i <= k; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] > x; j--) a[j+1] = a[j]; a[j+1] = x }
      out["min"] = a[1]; out["med"] = (k % 2) ? a[(k+1)/2] : (a[k/2] + a[k/2+1]) / 2; out["k"] = k
    }
    END {
      printf "%-26s %-7s %9s %9s %8s\n", "game/n", "who", "min s", "median s", "samples"
      for (i = 1; i <= n; i++) {
        name = order[i]; stats(t[name], st)
        printf "%-26s %-7s %9.2f %9.2f %8d\n", substr(name, 1, match(name, /\/[a-z]+$/) - 1), substr(name, match(name, /[a-z]+$/)), st["min"], st["med"], st["k"]
        if (name ~ /\/engine$/) {
          base = name; sub(/\/engine$/, "/peer", base)
          if (base in t) { stats(t[base], pb); printf "%-26s ratio peer/engine: %.2fx (min) %.2fx (median)\n", "", pb["min"] / st["min"], pb["med"] / st["med"] }
        }
      }
    }'
  echo "== peak resident memory (/usr/bin/time), the engine in a test binary of its own"
  go test -c -o "$tmp/octal.test" ./grundy/octal
  for spec in .354,10000000 grundy,16777216; do
    code="${spec%,*}"; n="${spec#*,}"
    if [[ -x "$peer_run" ]]; then
      /usr/bin/time -f "%M" "$peer_run" "$code" "$n" > /dev/null 2> "$tmp/peer.rss"
      printf '%-26s %-7s %8.2f B/heap\n' "$code n=$n" peer "$(awk -v n="$n" 'END {print $1 * 1024 / n}' "$tmp/peer.rss")"
    fi
    TABULATE_OCTAL_PROCESS="$spec" /usr/bin/time -f "%M" "$tmp/octal.test" -test.run '^TestOctalEngineProcess$' > /dev/null 2> "$tmp/engine.rss"
    printf '%-26s %-7s %8.2f B/heap\n' "$code n=$n" engine "$(awk -v n="$n" 'END {print $1 * 1024 / n}' "$tmp/engine.rss")"
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi

load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime; }
raw "kind,name,sample,wall_s,peak_kib"
echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "go: $(go version)"
echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'); samples: $samples; load (1, 5, 15 min): $(load)"
go build -o "$tmp/tabulate" ./cmd/tabulate

# timed NAME ARGS...: runs the command $samples times and prints the minimum
# and median wall time and the largest peak resident memory.
timed() {
  local name="$1"; shift
  : > "$tmp/walls"
  local rss=0 r
  for ((i = 0; i < samples; i++)); do
    /usr/bin/time -f '%e %M' -o "$tmp/time.txt" "$@" >/dev/null 2>"$tmp/err.txt" || { cat "$tmp/err.txt" "$tmp/time.txt"; return 1; }
    read -r wall r < "$tmp/time.txt"
    echo "$wall" >> "$tmp/walls"
    raw "run,\"$name\",$((i + 1)),$wall,$r"
    ((r > rss)) && rss=$r
  done
  sort -g "$tmp/walls" | awk -v name="$name" -v rss="$rss" '
    { v[NR] = $1 }
    END {
      med = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
      printf "%-50s n=%d  wall min %.2f s  median %.2f s  peak %.0f MiB\n", name, NR, v[1], med, rss / 1024
    }'
}

# summarize reads go test -bench output and prints, per benchmark, the number
# of samples, the minimum and median time per run, and bytes and allocations
# per run (their median).
summarize() {
  awk '
    function human(ns) {
      if (ns >= 1e9) return sprintf("%.2f s", ns / 1e9)
      if (ns >= 1e6) return sprintf("%.1f ms", ns / 1e6)
      if (ns >= 1e3) return sprintf("%.1f µs", ns / 1e3)
      return sprintf("%d ns", ns)
    }
    function median(a, c,    i, j, t) {
      for (i = 2; i <= c; i++) for (j = i; j > 1 && a[j - 1] > a[j]; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return c % 2 ? a[(c + 1) / 2] : (a[c / 2] + a[c / 2 + 1]) / 2
    }
    /^Benchmark/ {
      name = $1; sub(/^Benchmark/, "", name); sub(/-[0-9]+$/, "", name)
      if (!(name in n)) order[++k] = name
      c = ++n[name]
      for (i = 2; i < NF; i++) {
        if ($(i + 1) == "ns/op") ns[name, c] = $i
        if ($(i + 1) == "B/op") by[name, c] = $i
        if ($(i + 1) == "allocs/op") al[name, c] = $i
      }
    }
    END {
      for (j = 1; j <= k; j++) {
        name = order[j]; c = n[name]
        for (i = 1; i <= c; i++) { a[i] = ns[name, i]; b[i] = by[name, i]; d[i] = al[name, i] }
        med = median(a, c)
        printf "%-52s n=%d  min %-10s median %-10s %s B/op, %s allocs/op\n", name, c, human(a[1]), human(med), median(b, c), median(d, c)
      }
    }'
}

# bench PACKAGE REGEX: runs the matching benchmarks of the package (under
# grundy/) $samples times each.
bench() {
  go test "./grundy/$1" -run '^$' -bench "$2" -benchtime 1x -count "$samples" -benchmem -timeout 120m > "$tmp/bench.txt" || { cat "$tmp/bench.txt"; return 1; }
  awk -v pkg="$1" '/^Benchmark/ { ns = ""; for (i = 2; i < NF; i++) if ($(i + 1) == "ns/op") ns = $i; print "bench," pkg "/" $1 ",," ns / 1e9 "," }' "$tmp/bench.txt" | while read -r l; do raw "$l"; done
  summarize < "$tmp/bench.txt"
}

if [[ "$what" == all || "$what" == runs || "$what" == full ]]; then
  echo "== large runs (tabulate run from the built binary; Parquet only, except the default job)"
  timed "default run (all games, parquet+csv, all plots)" "$tmp/tabulate" run -q --out "$tmp/default"
  # Config files, not <(...): each of the $samples runs reads its config.
  printf 'squares: {grundy_max: 1, win_max: 1000000000}\n' > "$tmp/s9.yaml"
  printf 'squares: {grundy_max: 10000000, win_max: 1}\n' > "$tmp/g7.yaml"
  timed "squares: losing n <= 10^9" "$tmp/tabulate" run -q --only squares --plots none --formats parquet --out "$tmp/s9" --config "$tmp/s9.yaml"
  if [[ "$what" == full ]]; then
    timed "squares: losing n <= 2^32, Grundy n <= 10^7" "$tmp/tabulate" run -q --formats parquet --plots none --out "$tmp/s32" --config configs/scale-squares.yaml
  fi
  timed "squares: Grundy n <= 10^7 alone" "$tmp/tabulate" run -q --only squares --plots none --formats parquet --out "$tmp/g7" --config "$tmp/g7.yaml"
  timed "caniwin: every pair M <= 25, T <= 325" "$tmp/tabulate" run -q --formats parquet --plots none --out "$tmp/c25" --config configs/scale-caniwin.yaml
  timed "flip: positions to length 80, runs to 10^5" "$tmp/tabulate" run -q --formats parquet --plots none --out "$tmp/f80" --config configs/scale-flip.yaml
  for f in "$tmp"/s9/manifest.json "$tmp"/s32/manifest.json; do
    [[ -f "$f" ]] || continue
    printf 'losing positions: %s\n' "$(grep -o '"count": [0-9]*' "$f" | head -1) up to $(grep -o '"up_to": [0-9]*' "$f" | head -1 | cut -d' ' -f2)"
  done
fi

if [[ "$what" != runs ]]; then
  echo "== paired benchmarks (plain algorithm vs engine on 1 worker and on all; -benchtime 1x, $samples samples)"
  bench subtraction 'SquaresLosing'
  bench subtraction 'SquaresGrundy/n=1e\+0[56]'
  bench caniwin 'CanIWin'
  bench flip 'FlipSolve$|FlipPositions'
  bench nim 'Nim/7x7|Nim/10x15/engine'
  bench octal 'Octal/0.07/n=1e\+0[45]|Octal/0.16'
  bench subtraction 'Subtraction'
  bench subtraction 'Kernels|^BenchmarkLosing'
  if [[ "$what" == full ]]; then
    bench subtraction 'SquaresGrundy/n=1e\+07'
    bench nim 'Nim/10x15/memo'
  else
    bench subtraction 'SquaresGrundy/n=1e\+07/engine'
  fi
fi
echo "load after (1, 5, 15 min): $(load)"
