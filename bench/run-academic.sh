#!/usr/bin/env bash
# The academic benchmark: the literature's 72 grids (Herald Tribune and
# Ginsberg's, ../shared/bench/academic) with its dictionary `lex`, filled by
# xwdb, qxw and Gecode's crossword model, one thread each, a CPU-time limit
# per grid (xwdb: the median of seeds 1-5, XWDB_RUNS), one after the other; prints one table (status and CPU seconds
# per engine), the counts settled, and which "impossible" verdicts a second
# engine confirms.
#   bench/run-academic.sh [TIMEOUT [ENGINES]]   (default 60 s; "xwdb qxw gecode")
# Needs qxw (bench/setup-bench.sh) and builds Gecode's model
# (../shared/bench/peers/gecode). Run it alone: about 45 minutes at 60 s with
# XWDB_RUNS=1, longer with the default 5 (mostly the few grids that time out).
# Writes the .tsv and .md files to $OUT (default /tmp/xwdb-academic).
#   XWDB_FLAGS  extra `xwdb fill` flags for the xwdb run (e.g. --sat never)
#   XWDB_THREADS  xwdb's threads (default 1)
#   XWDB  an xwdb binary to run (default: build/release/tools/xwdb, built first)
set -euo pipefail
if [ -n "${XWDB:-}" ]; then
  # Named from the caller's directory; the runner runs from this checkout's.
  [ -x "$XWDB" ] || { echo "run-academic: XWDB=$XWDB is not an executable file" >&2; exit 2; }
  XWDB=$(realpath "$XWDB")
  export XWDB
fi
cd "$(dirname "$0")/.."
timeout=${1:-60}
engines=${2:-xwdb qxw gecode}
bench=${XWDB_BENCH:-../shared/bench}
out=${OUT:-/tmp/xwdb-academic}
lex=$bench/academic/lex.txt
mkdir -p "$out/grids"
cp "$bench"/academic/herald-*.txt "$bench"/academic/puzzle-*.txt "$out/grids/"
if [[ " $engines " == *" qxw "* ]] && [ ! -x "${QXW:-/usr/games/qxw}" ]; then
  echo "run-academic: qxw is not installed (bench/setup-bench.sh installs it)" >&2
  exit 2
fi
tables=()
for engine in $engines; do
  case $engine in
    xwdb)
      if [ -z "${XWDB:-}" ]; then
        cmake --preset release >/dev/null
        cmake --build --preset release -j2 --target xwdb >/dev/null
      fi
      runner=$PWD/bench/xwdb-runner.sh
      export XWDB_BENCH_CACHE="$out/cache" XWDB_BENCH="$bench" ;;
    qxw) runner=$bench/run-qxw.sh ;;
    gecode)
      bash "$bench/peers/gecode/build-gecode-crossword.sh" >/dev/null
      runner=$bench/peers/gecode/run-corpus-gecode.sh ;;
    *) echo "unknown engine $engine" >&2; exit 2 ;;
  esac
  # xwdb's searches are randomized after a restart: the median of 5 seeds
  # (XWDB_RUNS); qxw and Gecode's model are deterministic: one run.
  runs=1
  [ "$engine" = xwdb ] && runs=${XWDB_RUNS:-5}
  python3 "$bench/run-corpus" --runner "$runner" --timeout "$timeout" --runs "$runs" --dict "$lex" \
    --title "$engine" -o "$out/$engine.md" "$out/grids" >/dev/null
  tables+=("$engine=$out/$engine.tsv")
done
python3 bench/academic-table.py "${tables[@]}"
