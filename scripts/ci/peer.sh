#!/usr/bin/env bash
# CI step: compare the octal engine with the C++ solver of tczajka/octal-games.
#
# Builds the solver (MIT; analyze_n.cc and its sources, one thread) from
# ../shared/peers/czajka-octal, relative to the repository root (the folder
# lies beside the checkout in CI), into a temporary folder, and runs
# TestOctalPeer (grundy/octal/octal_peer_test.go) with TABULATE_OCTAL_PEER
# naming the binary: every value of twelve games is compared, to 2^14 heaps,
# or to 2^17 with TABULATE_LONG_TESTS=1.
#
# Where the folder is absent it says so and exits 0 (the check is skipped,
# as the test itself skips without the solver). If g++ is missing it is
# installed with apt-get when running as root (CI), or the step fails with
# what to install.
#
#   scripts/ci/peer.sh            from anywhere; exit status that of go test
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
peer="$root/../shared/peers/czajka-octal"
if [[ ! -f "$peer/analyze_n.cc" ]]; then
  echo "peer.sh: skipped: $peer/analyze_n.cc is absent (the C++ solver of tczajka/octal-games lies beside the checkout in CI)"
  exit 0
fi
peer="$(cd "$peer" && pwd)"
if ! command -v g++ >/dev/null 2>&1; then
  if [[ "$(id -u)" == 0 ]] && command -v apt-get >/dev/null 2>&1; then
    echo "peer.sh: installing g++ with apt-get"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq g++ >/dev/null
  else
    echo "peer.sh: g++ is missing: install it (apt-get install g++) to build the C++ solver" >&2
    exit 1
  fi
fi
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
# As the solver's own build (its run.sh): one g++ line, -O2, C++14.
g++ -O2 -std=c++14 -o "$tmp/analyze_n" \
  "$peer/analyze_n.cc" "$peer/game.cc" "$peer/game_util.cc" "$peer/hadamard.cc"
echo "peer.sh: built $tmp/analyze_n from $peer"
cd "$root"
TABULATE_OCTAL_PEER="$tmp/analyze_n" go test ./grundy/octal -run '^TestOctalPeer$' -count 1 -v
