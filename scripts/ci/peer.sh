#!/usr/bin/env bash
# CI step: compare the octal engine with the C++ solver of tczajka/octal-games.
#
# Builds the solver (MIT; analyze_n.cc and its sources, one thread) from the
# checkout that TABULATE_PEER_DIR names (relative to the folder the script
# is started from, or absolute; .ci/run sets it to where CI keeps a
# checkout of the solver beside the repository), into a
# temporary folder, and runs TestOctalPeer (grundy/octal/octal_peer_test.go)
# with TABULATE_OCTAL_PEER naming the binary: every value of twelve games is
# compared, to 2^14 heaps, or to 2^17 with TABULATE_LONG_TESTS=1.
#
# Where TABULATE_PEER_DIR is not set, or names a folder without
# analyze_n.cc, it says so and exits 0 (the check is skipped, as the test
# itself skips without the solver). If g++ is missing it is installed with
# apt-get when running as root (CI), or the step fails with what to install.
#
#   TABULATE_PEER_DIR=DIR scripts/ci/peer.sh   exit status that of go test
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
peer="${TABULATE_PEER_DIR:-}"
if [[ -z "$peer" ]]; then
  echo "peer.sh: skipped: TABULATE_PEER_DIR is not set (it names a checkout of tczajka/octal-games, the C++ solver, which is not part of the repository)"
  exit 0
fi
if [[ ! -f "$peer/analyze_n.cc" ]]; then
  echo "peer.sh: skipped: TABULATE_PEER_DIR=$peer has no analyze_n.cc (it names a checkout of tczajka/octal-games)"
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
