#!/usr/bin/env bash
# misere-diagonal.sh: issue 35's two long runs on one lent node, side by
# side: the misère census of the 127 codes 0.d1d2 and 4.d1d2 to heap 100
# within max_order 8192 (configs/census-misere-100.yaml) on 15 workers,
# and the Wythoff diagonal W(n, n) to 2^15 (configs/wythoff-diagonal.yaml,
# one goroutine). Each is timed (wall, user and system CPU, peak resident
# memory) and bounded by LIMIT seconds; the census's log keeps one line per
# game (started, done: where its genus and quotient stopped and why), so a
# census cut by the bound still says how far it got. Needs Go or
# PREBUILT=DIR holding tabulate (go build -trimpath -o DIR/tabulate
# ./cmd/tabulate); no network. Results under $OUT (default
# ./out-misere-diagonal): summary.txt, log-*.txt, sha256-*.txt.
#
#	OUT=/tmp/md LIMIT=500 bash scripts/device/misere-diagonal.sh
#
# At most LIMIT seconds (default 500) after the build.
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${OUT:-out-misere-diagonal}
LIMIT=${LIMIT:-500}
mkdir -p "$OUT"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if [ -n "${PREBUILT:-}" ]; then
	cp "$PREBUILT/tabulate" "$work/"
else
	go build -o "$work/tabulate" ./cmd/tabulate
fi
echo "$(nproc) CPUs; load $(cut -d' ' -f1-3 /proc/loadavg); limit ${LIMIT} s each" >"$OUT/summary.txt"

# timed NAME CMD...: runs CMD under the bound, appends wall/CPU/memory.
timed() {
	local name=$1
	shift
	local rc=0
	/usr/bin/time -f '%e %U %S %M' -o "$work/time-$name" timeout "$LIMIT" "$@" >"$OUT/log-$name.txt" 2>&1 || rc=$?
	read -r wall user sys rss < <(tail -n 1 "$work/time-$name") || true
	echo "$name: exit $rc (124: cut at ${LIMIT} s), wall ${wall:-?} s, user ${user:-?} s, sys ${sys:-?} s, peak ${rss:-?} KiB" >>"$OUT/summary.txt"
}

timed diagonal "$work/tabulate" run --config configs/wythoff-diagonal.yaml --out "$work/diag" -q &
timed misere "$work/tabulate" census --config configs/census-misere-100.yaml --out "$work/misere" --workers 15 --no-report &
wait
(cd "$work/diag/wythoff-rows" 2>/dev/null && sha256sum diagonal.parquet) >"$OUT/sha256-diagonal.txt" 2>/dev/null || true
(cd "$work/misere/census" 2>/dev/null && sha256sum misere.*) >"$OUT/sha256-misere.txt" 2>/dev/null || true
echo "misère games done: $(grep -c '/127 ' "$OUT/log-misere.txt" || true) of 127; still running at the end: $(comm -23 <(sed -n 's/^census misere: \(.*\) started$/\1/p' "$OUT/log-misere.txt" | sort) <(sed -n 's|^census misere: [0-9]*/127 \([^ ]*\) in .*|\1|p' "$OUT/log-misere.txt" | sort) | tr '\n' ' ')" >>"$OUT/summary.txt"
cat "$OUT/summary.txt" "$OUT"/sha256-*.txt
