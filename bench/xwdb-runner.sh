#!/usr/bin/env bash
# The fill benchmark's runner interface (as ../shared/bench/run-qxw.sh) for
# xwdb:  xwdb-runner.sh GRID DICT TIMEOUT [SEED]
# Imports DICT once into a dictionary cached under $XWDB_BENCH_CACHE (fr*
# lists with --locale fr), fills GRID with `xwdb fill`, checks the fill with
# the benchmark's verify, and prints "GRID STATUS CPU_SECONDS WALL".
#   XWDB          the xwdb binary (default build/release/tools/xwdb)
#   XWDB_FLAGS    extra `xwdb fill` flags (study modes: --no-propagation ...)
#   XWDB_THREADS  portfolio threads (default 1: qxw uses one core too)
set -u
here=$(cd "$(dirname "$0")" && pwd)
grid=$1 dict=$2 limit=$3 seed=${4:-1}
xwdb=${XWDB:-$here/../build/release/tools/xwdb}
bench=${XWDB_BENCH:-$here/../../shared/bench}
cache=${XWDB_BENCH_CACHE:-/tmp/xwdb-bench-cache}
name=$(basename "$dict" .txt)
db=$cache/$name.db
mkdir -p "$cache"
if [ ! -e "$db/CURRENT" ]; then
  locale=en
  case $name in fr*) locale=fr ;; esac
  "$xwdb" import --db "$db.tmp" --format plain --locale "$locale" "$dict" >/dev/null 2>&1 && mv "$db.tmp" "$db"
fi
out=$(mktemp)
start=$(date +%s.%N)
# shellcheck disable=SC2086
/usr/bin/time -f "%U %S" -o "$out.cpu" \
  "$xwdb" fill --db "$db" --seed "$seed" --timeout "$limit" --threads "${XWDB_THREADS:-1}" ${XWDB_FLAGS:-} "$grid" >"$out" 2>/dev/null
rc=$?
end=$(date +%s.%N)
wall=$(python3 -c "print(f'{$end - $start:.3f}')")
# CPU seconds (user + system), as run-qxw.sh and Gecode's runner report.
cpu=$(awk 'END { printf "%.3f", $1 + $2 }' "$out.cpu")
case $rc in
  0) head -n -1 "$out" >"$out.grid"
     if python3 "$bench/verify" "$grid" "$out.grid" "$dict" >/dev/null 2>&1; then status=solved; else status=invalid; fi ;;
  2) status=unsat ;;
  3) status=timeout ;;
  *) status=error ;;
esac
rm -f "$out" "$out.grid" "$out.cpu"
echo "$(basename "$grid") $status $cpu $wall"
[ "$status" = solved ]
