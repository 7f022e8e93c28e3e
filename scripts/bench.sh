#!/usr/bin/env bash
# Reproduces the performance figures of README.md on this machine.
#
#   scripts/bench.sh            the large runs (time and peak memory) and the
#                               paired benchmarks (plain algorithm vs engine)
#   scripts/bench.sh runs       only the large runs
#   scripts/bench.sh benches    only the go test -bench pairs
#   scripts/bench.sh full       everything, including the plain algorithms
#                               that take minutes (naive take-a-square mex to
#                               10^7, the Nim tuple search at 10 x 15)
#   scripts/bench.sh octal [N] [REGEX]
#                               the octal engine beside the C++ solver of
#                               tczajka/octal-games (built from
#                               ../shared/peers/czajka-octal if it is there),
#                               N samples each (default 3), min and median
#                               and the ratio peer/engine; REGEX narrows the
#                               rows (e.g. '\.6_n=1000000$')
#
# Each large run is the real command on a shipped configuration, timed by
# /usr/bin/time -v; the benchmarks run the original problem's algorithm and the
# engine on the same work in one go test -bench process.
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-all}"

if [[ "$what" == octal ]]; then
  count="${2:-3}"
  rows="${3:-.}"
  peer_run="$(cd .. && pwd)/shared/peers/czajka-octal/run.sh"
  [[ -x "$peer_run" ]] && "$peer_run" .6 10 >/dev/null  # builds the solver once
  echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
  echo "go: $(go version); date: $(date -u '+%Y-%m-%d %H:%M UTC')"
  go test ./grundy -run '^$' -bench "OctalPeer/(${rows})" -benchtime 1x -count "$count" -timeout 6h | tee /dev/stderr |
    awk '/^BenchmarkOctalPeer/ {
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
  go test -c -o "$tmp/grundy.test" ./grundy
  for spec in .354,10000000 grundy,16777216; do
    code="${spec%,*}"; n="${spec#*,}"
    if [[ -x "$peer_run" ]]; then
      /usr/bin/time -f "%M" "$peer_run" "$code" "$n" > /dev/null 2> "$tmp/peer.rss"
      printf '%-26s %-7s %8.2f B/heap\n' "$code n=$n" peer "$(awk -v n="$n" 'END {print $1 * 1024 / n}' "$tmp/peer.rss")"
    fi
    TABULATE_OCTAL_PROCESS="$spec" /usr/bin/time -f "%M" "$tmp/grundy.test" -test.run '^TestOctalEngineProcess$' > /dev/null 2> "$tmp/engine.rss"
    printf '%-26s %-7s %8.2f B/heap\n' "$code n=$n" engine "$(awk -v n="$n" 'END {print $1 * 1024 / n}' "$tmp/engine.rss")"
  done
  echo "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
  exit 0
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

echo "machine: $(nproc) cores, $(free -g | awk '/Mem:/ {print $2}') GiB, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
echo "go: $(go version)"
echo "date: $(date -u +%Y-%m-%d)"
go build -o "$tmp/tabulate" ./cmd/tabulate

# timed NAME ARGS...: runs the command and prints wall time and peak memory.
timed() {
  local name="$1"; shift
  /usr/bin/time -v "$@" 2> "$tmp/time.txt" >/dev/null || { cat "$tmp/time.txt"; return 1; }
  local wall rss
  wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$tmp/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ {printf "%.0f MiB", $2/1024}' "$tmp/time.txt")
  printf '%-44s wall %-10s peak %s\n' "$name" "$wall" "$rss"
}

if [[ "$what" == all || "$what" == runs || "$what" == full ]]; then
  echo "== large runs (tabulate run from the built binary; Parquet only, except the default job)"
  timed "default run (all games, parquet+csv, all plots)" "$tmp/tabulate" run -q --out "$tmp/default"
  timed "squares: losing n <= 10^9" "$tmp/tabulate" run -q --only squares --plots none --formats parquet --out "$tmp/s9" \
    --config <(printf 'squares: {grundy_max: 1, win_max: 1000000000}\n')
  timed "squares: losing n <= 2^32, Grundy n <= 10^7" "$tmp/tabulate" run -q --formats parquet --plots none --out "$tmp/s32" --config configs/scale-squares.yaml
  timed "squares: Grundy n <= 10^7 alone" "$tmp/tabulate" run -q --only squares --plots none --formats parquet --out "$tmp/g7" \
    --config <(printf 'squares: {grundy_max: 10000000, win_max: 1}\n')
  timed "caniwin: every pair M <= 25, T <= 325" "$tmp/tabulate" run -q --formats parquet --plots none --out "$tmp/c25" --config configs/scale-caniwin.yaml
  timed "flip: positions to length 80, runs to 10^5" "$tmp/tabulate" run -q --formats parquet --plots none --out "$tmp/f80" --config configs/scale-flip.yaml
  for f in "$tmp"/s9/manifest.json "$tmp"/s32/manifest.json; do
    printf 'losing positions: %s\n' "$(grep -o '"count": [0-9]*' "$f" | head -1) up to $(grep -o '"up_to": [0-9]*' "$f" | head -1 | cut -d' ' -f2)"
  done
fi

if [[ "$what" != runs ]]; then
  echo "== paired benchmarks (plain algorithm vs engine, same work, -benchtime 1x)"
  bench() { go test ./grundy -run '^$' -bench "$1" -benchtime 1x -benchmem -timeout 60m | grep '^Benchmark'; }
  bench 'SquaresLosing'
  bench 'SquaresGrundy/n=1e\+0[56]'
  bench 'CanIWin'
  bench 'FlipPositions|FlipSolve$'
  bench 'Nim/memo/7x7|Nim/engine'
  bench 'Octal/0.07/n=1e\+0[45]|Octal/0.16'
  bench 'Subtraction'
  if [[ "$what" == full ]]; then
    bench 'SquaresGrundy/n=1e\+07'
    bench 'Nim/memo/10x15'
  else
    bench 'SquaresGrundy/n=1e\+07/engine'
  fi
fi
