#!/usr/bin/env bash
# Builds xwdb and runs every test suite: first the ci preset (warnings as
# errors), then again under AddressSanitizer + UndefinedBehaviorSanitizer.
# Usage: scripts/test.sh [--no-asan]
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=${XWDB_JOBS:-2}
run_asan=1
[ "${1:-}" = "--no-asan" ] && run_asan=0

echo "== ci build (warnings as errors)"
cmake --preset ci >/dev/null
cmake --build --preset ci -j"$jobs"
ctest --preset ci -j"$jobs"

if [ "$run_asan" = 1 ]; then
  echo "== asan+ubsan build"
  cmake --preset asan >/dev/null
  cmake --build --preset asan -j"$jobs"
  ctest --preset asan -j"$jobs"
fi
