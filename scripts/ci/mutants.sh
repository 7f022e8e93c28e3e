#!/usr/bin/env bash
# CI: the guard tests must catch the bugs they guard against. Runs the
# mutation tool (scripts/mutants, see docs/mutants.md): each mutant of its
# list is applied to a scratch copy of the repository and must be KILLED by
# the tests named with it; the tool fails on a survivor, on a mutant that
# does not build, on a snippet no longer found exactly once, and on a test
# pattern that runs no test.
#
# Bounded in time: the tool starts no mutant after 25 minutes (those left
# count as failures), one go test run may take 3 minutes, and the whole
# script is stopped at 30 minutes (15 and 20 until 2026-11-27: 116
# mutants took 12 min 48 s beside two busy loops and a helper, so the
# 120 of now had no margin on a busy machine; idle they take about 6). Measured on a 2-core machine: 3 min 3 s
# for the 35 mutants and their 13 baseline runs at load average 12-14; at
# load average 20 (eight other builds and test runs) 7 minutes saw 30 of
# them, which a 7-minute bound failed.
set -euo pipefail
cd "$(dirname "$0")/../.."

bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/mutants" ./scripts/mutants
echo "== scripts/mutants: every mutant must be killed"
timeout 30m "$bin/mutants" -deadline 25m -timeout 3m "$@"
