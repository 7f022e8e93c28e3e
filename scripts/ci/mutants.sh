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
# script is stopped at 30 minutes: on 2 cores with both busy the mutants
# take about 13 minutes, idle about 6.
set -euo pipefail
cd "$(dirname "$0")/../.."

bin="$(mktemp -d)"
trap 'rm -rf "$bin"' EXIT
go build -o "$bin/mutants" ./scripts/mutants
echo "== scripts/mutants: every mutant must be killed"
timeout 30m "$bin/mutants" -deadline 25m -timeout 3m "$@"
