#!/bin/sh
# Fuzz the configuration loader (configs.FuzzLoad) for a bounded time:
# no input may make it panic, and every error must be a *configs.Error that
# names the file, the line and the key. A failing input is written to
# configs/testdata/fuzz/FuzzLoad/; commit it there as a regression case
# (plain go test runs it) after fixing the loader.
#
# Usage: scripts/ci/fuzz.sh [FUZZTIME]   (default 60s; go test -fuzztime syntax)
# FUZZ_PARALLEL sets the number of fuzzing workers (default 1, for a shared
# CI machine).
set -eu
cd "$(dirname "$0")/../.."
fuzztime=${1:-60s}
exec go test -run '^$' -fuzz '^FuzzLoad$' -fuzztime "$fuzztime" \
	-fuzzminimizetime 10s -parallel "${FUZZ_PARALLEL:-1}" ./configs/
