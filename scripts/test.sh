#!/usr/bin/env bash
# Builds xwdb and runs every test suite: first the ci preset (warnings as
# errors), then again under AddressSanitizer + UndefinedBehaviorSanitizer,
# then the threaded parts (the solver's portfolio and cancellation, the
# daemon end to end) under ThreadSanitizer, then a reproducible libFuzzer run
# of every fuzz target (XWDB_FUZZ_RUNS inputs each from a fixed seed, default
# 50000; scripts/reliability.sh explores further).
# These presets keep line tables only (-g1): a quarter to a third less
# compile CPU than full debug info, and every sanitizer report still names files and lines.
# They also compile in unity batches (CMAKE_UNITY_BUILD): the ci tree took
# 804 s of compile CPU against 1788 s file by file; the files listed with
# SKIP_UNITY_BUILD_INCLUSION compile alone. Long tests carry a COST, so a first run starts them first.
# The asan tree compiles at -Og, not -O1: its build took 550 s against 912 s
# here and its tests the same time (376 s against 385 s); -O1 stays for tsan,
# whose tests ran 12% slower at -Og for a fifth less build. The page test
# (WebPageTest) runs in the ci phase only: its time is the browser's, and the
# daemon's HTTP paths it drives run under the sanitizers in HttpDaemonTest,
# HostileHttpTest and FillStreamTest. The fuzz targets run XWDB_JOBS at a time.
# Usage: scripts/test.sh [--no-asan] [--no-tsan] [--no-fuzz]
set -euo pipefail
cd "$(dirname "$0")/.."

jobs=${XWDB_JOBS:-2}
run_asan=1
run_tsan=1
run_fuzz=1
for arg in "$@"; do
  case "$arg" in
    --no-asan) run_asan=0 ;;
    --no-tsan) run_tsan=0 ;;
    --no-fuzz) run_fuzz=0 ;;
    *) echo "usage: scripts/test.sh [--no-asan] [--no-tsan] [--no-fuzz]" >&2; exit 2 ;;
  esac
done

# Each phase's wall time, printed at the end: CI has a time budget.
phase_start=$SECONDS
phase_times=()
phase_done() { phase_times+=("$1 $((SECONDS - phase_start)) s"); phase_start=$SECONDS; }
trap 'if [ ${#phase_times[@]} -gt 0 ]; then echo "== phases: ${phase_times[*]}"; fi' EXIT

echo "== ci build (warnings as errors)"
cmake --preset ci >/dev/null
cmake --build --preset ci -j"$jobs"
ctest --preset ci -j"$jobs"
phase_done ci

if [ "$run_asan" = 1 ]; then
  echo "== asan+ubsan build"
  cmake --preset asan >/dev/null
  cmake --build --preset asan -j"$jobs"
  ctest --preset asan -j"$jobs"
  phase_done asan
fi

if [ "$run_tsan" = 1 ]; then
  echo "== tsan build (solver, daemon)"
  cmake --preset tsan >/dev/null
  cmake --build --preset tsan -j"$jobs" --target fill_test daemon_test http_face_test service_test word_lists_test xwdbd xwdb xwdb-client
  ctest --preset tsan -j"$jobs"
  phase_done tsan
fi

if [ "$run_fuzz" = 1 ]; then
  bash scripts/fuzz.sh --runs "${XWDB_FUZZ_RUNS:-50000}" 120
  phase_done fuzz
fi
