#!/usr/bin/env bash
# What each technique of the fill engine buys: the benchmark grids filled by
# xwdb in its normal mode and in each study mode (one technique off), same
# word lists and limits.  bench/run-study-modes.sh [TIMEOUT [RUNS]]
set -euo pipefail
cd "$(dirname "$0")/.."
timeout=${1:-60}
runs=${2:-3}
bench=${XWDB_BENCH:-../shared/bench}
out=${OUT:-/tmp/xwdb-study-modes}
mkdir -p "$out"
cmake --preset release >/dev/null
cmake --build --preset release -j2 --target xwdb >/dev/null
bash "$bench/make-dicts.sh" "$out/dicts" >/dev/null
export XWDB_BENCH_CACHE="$out/cache" XWDB_BENCH="$bench"
printf '| mode | solved | impossible | timeout | median s | total s |\n|---|---:|---:|---:|---:|---:|\n'
for mode in "normal:" "no propagation:--no-propagation" "static order:--static-order" "no restarts:--no-restarts"; do
  name=${mode%%:*}
  XWDB_FLAGS=${mode#*:} python3 "$bench/run-corpus" --runner "$PWD/bench/xwdb-runner.sh" --timeout "$timeout" \
    --runs "$runs" --dictdir "$out/dicts" -o "$out/$name.md" "$bench/grids" >/dev/null
  python3 - "$out/$name.tsv" "$name" "$timeout" <<'PY'
import statistics, sys
rows = [l.rstrip("\n").split("\t") for l in open(sys.argv[1]).readlines()[1:]]
t = [float(r[4]) if r[3] in ("solved", "unsat") else float(sys.argv[3]) for r in rows]
count = lambda s: sum(r[3] == s for r in rows)
print(f"| {sys.argv[2]} | {count('solved')} | {count('unsat')} | {count('timeout')} | {statistics.median(t):.2f} | {sum(t):.1f} |")
PY
done
