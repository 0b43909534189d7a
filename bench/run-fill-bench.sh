#!/usr/bin/env bash
# The fill benchmark, xwdb against qxw: same grids (../shared/bench/grids),
# same word lists (make-dicts.sh), same machine, one after the other.
#   bench/run-fill-bench.sh [TIMEOUT [RUNS]]     (default 60 s, 5 runs: seeds 1-5, medians)
# Needs the Debian packages of make-dicts.sh and qxw (bench/setup-bench.sh).
# Writes the tables to $OUT (default /tmp/xwdb-fill-bench) and prints the
# side-by-side comparison.
#   XWDB  an xwdb binary to run (default: build/release/tools/xwdb, built first)
set -euo pipefail
if [ -n "${XWDB:-}" ]; then
  # Named from the caller's directory; the runner runs from this checkout's.
  [ -x "$XWDB" ] || { echo "run-fill-bench: XWDB=$XWDB is not an executable file" >&2; exit 2; }
  XWDB=$(realpath "$XWDB")
  export XWDB
fi
cd "$(dirname "$0")/.."
timeout=${1:-60}
runs=${2:-5}
bench=${XWDB_BENCH:-../shared/bench}
out=${OUT:-/tmp/xwdb-fill-bench}
mkdir -p "$out"
if [ -z "${XWDB:-}" ]; then
  cmake --preset release >/dev/null
  cmake --build --preset release -j2 --target xwdb
fi
bash "$bench/make-dicts.sh" "$out/dicts" >/dev/null
export XWDB_BENCH_CACHE="$out/cache" XWDB_BENCH="$bench"
rm -rf "$out/cache"
python3 "$bench/run-corpus" --runner "$PWD/bench/xwdb-runner.sh" --timeout "$timeout" --runs "$runs" \
  --dictdir "$out/dicts" --title "xwdb" -o "$out/xwdb.md" "$bench/grids" >/dev/null
python3 "$bench/run-corpus" --timeout "$timeout" --runs "$runs" --dictdir "$out/dicts" --title "qxw" \
  -o "$out/qxw.md" "$bench/grids" >/dev/null
python3 bench/compare-fills.py "$out/xwdb.tsv" "$out/qxw.tsv" "$timeout"
