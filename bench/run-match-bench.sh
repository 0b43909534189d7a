#!/usr/bin/env bash
# Builds the benchmark word lists (../shared/bench/make-dicts.sh, from Debian
# packages) into a temporary directory and runs match_bench on en-large with
# the benchmark grids. Extra arguments go to match_bench (e.g. --masks 200000).
#   XWDB_PRESET  CMake preset to build with (default: release)
#   XWDB_BENCH   the shared benchmark directory (default: ../shared/bench)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${XWDB_PRESET:-release}
bench=${XWDB_BENCH:-../shared/bench}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j2 --target match_bench
dicts=$(mktemp -d)
trap 'rm -rf "$dicts"' EXIT
bash "$bench/make-dicts.sh" "$dicts" >/dev/null
"build/$preset/bench/match_bench" --dict "$dicts/en-large.txt" --grids "$bench/grids" "$@"
