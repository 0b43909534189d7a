#!/usr/bin/env bash
# Builds the fuzz targets with clang and libFuzzer (AddressSanitizer and
# UndefinedBehaviorSanitizer on) and runs each for SECONDS, starting from its
# seed corpus in fuzz/corpus. New inputs go to build/fuzz/corpus/NAME (not
# the repository's corpus); a crash leaves its input in build/fuzz/crashes
# and fails the script: fix it, then add the input to fuzz/corpus/NAME so
# that the replay tests keep it.
#
# With --runs N the run is reproducible instead: each target runs N inputs
# from a fixed seed, starting from the seed corpus alone, so a machine that
# passes it passes it everywhere (the CI gate). Without it, the run explores:
# it goes on from the inputs found before, with a new seed each time, and may
# find what no earlier run did (scripts/reliability.sh).
# Usage: scripts/fuzz.sh [--runs N] [SECONDS] [TARGET...]
#        (default: 60 s, every target)
set -euo pipefail
cd "$(dirname "$0")/.."

runs=""
if [ "${1:-}" = "--runs" ]; then
  runs=$2
  shift 2
fi
seconds=${1:-60}
shift || true
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(grid_fuzzer puzzle_fuzzer puz_reader_fuzzer puzzle_source_fuzzer pattern_fuzzer import_fuzzer
           normalizer_fuzzer index_file_fuzzer request_fuzzer json_request_fuzzer http_request_fuzzer)
fi
jobs=${XWDB_JOBS:-2}

echo "== fuzz build (clang, libFuzzer, asan+ubsan)"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j"$jobs" --target "${targets[@]}"

mkdir -p build/fuzz/crashes
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
launcher=()
if [ -n "$runs" ]; then
  # Reproducible: no corpus reloads, and no address randomization (hash
  # tables seeded by addresses would take other paths from run to run).
  # Some containers forbid turning it off; the run then goes on without.
  if setarch "$(uname -m)" -R true 2>/dev/null; then
    launcher=(setarch "$(uname -m)" -R)
  else
    echo "fuzz: cannot turn address randomization off here; runs may differ slightly" >&2
  fi
fi

# Runs one target and leaves its summary row in build/fuzz/TARGET.row; fails
# if the target crashed. Each target is one process from a fixed seed, so
# running XWDB_JOBS of them at once changes no run.
fuzz_one() {
  local t=$1 work=build/fuzz/corpus/$1 log=build/fuzz/$1.log row=build/fuzz/$1.row
  local limits=(-max_total_time="$seconds")
  if [ -n "$runs" ]; then
    work=build/fuzz/fixed-corpus/$t
    rm -rf "$work"
    limits+=(-runs="$runs" -seed=1 -reload=0)
  fi
  mkdir -p "$work"
  # -max_len: inputs up to 16 KiB (the grid and request limits are larger,
  # but the parsers' paths are all reached well below).
  if "${launcher[@]}" build/fuzz/fuzz/"$t" "$work" "fuzz/corpus/$t" "${limits[@]}" -max_len=16384 \
      -timeout=10 -rss_limit_mb=2048 -artifact_prefix=build/fuzz/crashes/"$t"- -print_final_stats=1 \
      >"$log" 2>&1; then
    local executed cov
    executed=$(grep -m1 -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' || echo "?")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*' || echo "?")
    echo "| $t | $seconds | $executed | $cov | $(ls "$work" | wc -l) | none |" >"$row"
  else
    echo "| $t | $seconds | - | - | - | CRASH: see $log |" >"$row"
    return 1
  fi
}

# XWDB_JOBS targets at a time; the rows are printed in the targets' order.
for t in "${targets[@]}"; do
  while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
  echo "== $t: ${runs:+$runs inputs from seed 1, at most }$seconds s"
  rm -f "build/fuzz/$t.row"
  fuzz_one "$t" &
done
wait || true
status=0
for t in "${targets[@]}"; do
  if ! grep -q '| none |$' "build/fuzz/$t.row" 2>/dev/null; then
    status=1
    [ -f "build/fuzz/$t.row" ] || echo "| $t | $seconds | - | - | - | no result: see build/fuzz/$t.log |" >"build/fuzz/$t.row"
    tail -40 "build/fuzz/$t.log"
  fi
done

echo
echo "| target | seconds | inputs run | coverage (edges) | corpus | crashes |"
echo "|---|---:|---:|---:|---:|---|"
for t in "${targets[@]}"; do cat "build/fuzz/$t.row"; done
exit $status
