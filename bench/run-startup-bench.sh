#!/bin/bash
# Start-up measured (issue 32): the CPU seconds an in-process `xwdb fill` of
# a 5x5 takes in all, and the wall time xwdbd takes to be ready (its port
# file written, every dictionary loaded), on one dictionary: first without
# the index file (the index built from the store, as every start did
# before the file existed, then written), then with it (read back). The
# median of RUNS runs each (default 7); run it alone.
#
# Usage: bash bench/run-startup-bench.sh [DB]   (default var/default.db; the
# build tree is $BUILD, default build/ci)
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-var/default.db}
build=${BUILD:-build/ci}
runs=${RUNS:-7}
cmake --build "$build" --target xwdb xwdbd -j2 >/dev/null
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#....\n.....\n.....\n.....\n....#\n' > "$work/mini.txt"
index="$db/xwdb-mask-index"

median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

# CPU seconds (user + system) of one `xwdb fill` of the 5x5.
fill_cpu() {
  python3 - "$build/tools/xwdb" fill --db "$db" "$work/mini.txt" --seed 1 --threads 1 <<'PY'
import resource, subprocess, sys
# The children's CPU before and after: whatever ran before this python
# (a launcher's helpers) is not counted.
cpu = lambda: (lambda r: r.ru_utime + r.ru_stime)(resource.getrusage(resource.RUSAGE_CHILDREN))
before = cpu()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print(cpu() - before)
PY
}

# Seconds from xwdbd's start to its port file.
daemon_ready() {
  rm -f "$work/port"
  local start end
  start=$(date +%s.%N)
  "$build/daemon/xwdbd" --db "en=$db" --listen 127.0.0.1:0 --port-file "$work/port" --call-log off \
    --fill-threads 1 2>"$work/log" &
  local pid=$!
  while [ ! -s "$work/port" ]; do sleep 0.002; done
  end=$(date +%s.%N)
  kill "$pid"
  wait "$pid" 2>/dev/null || true
  awk -v a="$start" -v b="$end" 'BEGIN {print b - a}' 
}

declare -A cli daemon
for mode in built read; do
  for _ in $(seq "$runs"); do
    [ "$mode" = built ] && rm -f "$index"
    fill_cpu
  done | median > "$work/cli.$mode"
  for _ in $(seq "$runs"); do
    [ "$mode" = built ] && rm -f "$index"
    daemon_ready
  done | median > "$work/daemon.$mode"
  cli[$mode]=$(cat "$work/cli.$mode")
  daemon[$mode]=$(cat "$work/daemon.$mode")
done
words=$("$build/tools/xwdb" stats --db "$db" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["words"])')
echo "dictionary: $db, $words words; median of $runs runs"
echo
echo "| | index built from the store (no file) | index file read | ratio |"
echo "|---|---:|---:|---:|"
row() { awk -v what="$1" -v a="$2" -v b="$3" 'BEGIN {printf "| %s | %.3f | %.3f | %.2f |\n", what, a, b, b / a}'; }
row "xwdb fill of a 5x5, CPU s (user + system)" "${cli[built]}" "${cli[read]}"
row "xwdbd ready (port file written), wall s" "${daemon[built]}" "${daemon[read]}"
