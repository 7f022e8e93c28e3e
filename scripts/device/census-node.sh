#!/usr/bin/env bash
# census-node.sh: the census of the 1,023 three-digit octal codes to 2^17
# values at 2, 8 and 16 workers on one node (issue 34), timed (wall, user
# and system CPU), with the sha256 of the tables to show they are the same
# at every worker count, the replay of the 16-worker order (go run
# ./scripts/replay) and, when the time allows, the census to 2^18 at 16
# workers. Builds first; needs Go, no network. Results under $OUT (default
# ./out-census-node): summary.txt, timings-*.csv, sha256-*.txt, log-*.txt,
# named 2eE for 2^E (a lent machine returns only names of letters, digits,
# '.', '_' and '-').
#
#	OUT=/tmp/node bash scripts/device/census-node.sh
#
# About 3 to 4 minutes on 16 idle cores, the build included.
#
# RUNS="E:W ..." runs only those censuses (2^E values on W workers), each
# stopped after CENSUS_TIMEOUT seconds (default 600) and reported as not
# finished, with the replay of each finished run's order on W workers:
# RUNS=20:16 is issue 34's 2^20 census on 16 cores (goal <= 3.5 minutes).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-out-census-node}
E=${E:-17} # the census to 2^E (E=12 checks the script in seconds)
mkdir -p "$OUT"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
t0=$SECONDS
# PREBUILT=DIR: take tabulate and replay built elsewhere (a lent machine
# without Go), e.g. go build -trimpath -o DIR/tabulate ./cmd/tabulate.
if [ -n "${PREBUILT:-}" ]; then
	cp "$PREBUILT/tabulate" "$work/"
	# replay links the census package (29 MB): where it was left out, the
	# timings come back and are replayed where Go is.
	if [ -x "$PREBUILT/replay" ]; then cp "$PREBUILT/replay" "$work/"; else printf '#!/bin/sh\necho "replay: not carried; run go run ./scripts/replay on the timings"\n' >"$work/replay" && chmod +x "$work/replay"; fi
	built="prebuilt in $PREBUILT"
else
	go build -o "$work/tabulate" ./cmd/tabulate
	go build -o "$work/replay" ./scripts/replay
	built=$(go version)
fi
echo "build: $((SECONDS - t0)) s; $(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg); $built" | tee "$OUT/summary.txt"

# census MAXEXP WORKERS: runs the census, appends its line to the summary.
census() {
	local e=$1 w=$2 dir="$work/c$1-w$2"
	printf 'census:\n  octal: { digits: 3, prefixes: ["0", "4"], max: %d }\n' $((1 << e)) >"$work/c$e.yaml"
	local TIMEFORMAT='%R %U %S'
	local times
	if ! times=$({ time timeout "${CENSUS_TIMEOUT:-600}" "$work/tabulate" census --config "$work/c$e.yaml" --out "$dir" --workers "$w" --no-report >"$OUT/log-2e$e-w$w.txt" 2>&1; } 2>&1); then
		echo "2^$e on $w workers: did not finish in ${CENSUS_TIMEOUT:-600} s (log: log-2e$e-w$w.txt)" | tee -a "$OUT/summary.txt"
		rm -rf "$dir"
		return 1
	fi
	read -r wall user sys <<<"$times"
	(cd "$dir/census" && sha256sum octal.csv octal.parquet octal.md) >"$OUT/sha256-2e$e-w$w.txt"
	cp "$dir/census/octal_timings.csv" "$OUT/timings-2e$e-w$w.csv"
	local sum
	sum=$(sha256sum "$OUT/sha256-2e$e-w$w.txt" | cut -c1-16)
	awk -v e="$e" -v w="$w" -v wall="$wall" -v u="$user" -v s="$sys" -v sum="$sum" 'BEGIN {
		cpu = u + s
		printf "2^%d on %2d workers: wall %7.1f s, cpu %7.1f s, cpu/wall %5.2f, wall vs cpu/%d %+.1f%%, tables sha %s\n",
			e, w, wall, cpu, cpu / wall, w, 100 * (wall / (cpu / w) - 1), sum }' | tee -a "$OUT/summary.txt"
	rm -rf "$dir"
}

if [ -n "${RUNS:-}" ]; then
	for run in $RUNS; do
		e=${run%%:*} w=${run##*:}
		if census "$e" "$w"; then
			"$work/replay" -workers "$w" "$OUT/timings-2e$e-w$w.csv" | tee -a "$OUT/summary.txt"
		fi
	done
	echo "total: $((SECONDS - t0)) s" | tee -a "$OUT/summary.txt"
	exit 0
fi
for w in 2 8 16; do
	census "$E" "$w"
done
if [ "$(cut -d' ' -f1 "$OUT"/sha256-2e$E-w*.txt | sort -u | wc -l)" -eq 3 ]; then
	echo "2^$E: tables identical at 2, 8 and 16 workers" | tee -a "$OUT/summary.txt"
else
	echo "2^$E: TABLES DIFFER between worker counts (see $OUT/sha256-*.txt)" | tee -a "$OUT/summary.txt"
fi
echo "replay of the 16-worker order of 2^$E:" | tee -a "$OUT/summary.txt"
"$work/replay" -workers 2,8,16 "$OUT/timings-2e$E-w16.csv" | tee -a "$OUT/summary.txt"
# 2^(E+1) at 16 workers: about 4 times the work; only when it fits in the
# 5 minutes with a margin.
if [ $((SECONDS - t0)) -lt 180 ]; then
	census $((E + 1)) 16
	"$work/replay" -workers 16 "$OUT/timings-2e$((E + 1))-w16.csv" | tee -a "$OUT/summary.txt"
else
	echo "2^$((E + 1)) skipped: $((SECONDS - t0)) s spent already" | tee -a "$OUT/summary.txt"
fi
echo "total: $((SECONDS - t0)) s" | tee -a "$OUT/summary.txt"
