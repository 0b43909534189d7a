#!/bin/bash
# The constructor's word lists measured (issue 30): in-process, a 10,000-entry
# list's build and its cost on Match, Suggest and Fill against the dictionary
# alone (list_bench); then three xwdbd replicas on the dictionary, each with
# its own lists directory, and the edit-to-effect latency on the daemon that
# made the edit and on another (list_latency).
#
# Usage: bash bench/run-list-bench.sh [DB]   (default var/default.db; the
# build tree is $BUILD, default build/ci). Run it alone.
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-var/default.db}
build=${BUILD:-build/ci}
grids=../shared/bench/grids
[ -d "$grids" ] || grids=data/grids
cmake --build "$build" --target list_bench list_latency xwdbd -j2 >/dev/null
work=$(mktemp -d)
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

echo "## In process"
echo
"$build/bench/list_bench" --db "$db" --edits 10000 --seeds 5 $(ls "$grids"/en-15x15-nyt-b.txt "$grids"/en-13x13-a.txt "$grids"/*sample-15x15.txt 2>/dev/null | head -3)
echo
echo "## Three replicas"
echo
servers=()
for i in 0 1 2; do
  "$build/daemon/xwdbd" --db "en=$db" --listen 127.0.0.1:0 --port-file "$work/port$i" --lists "$work/lists$i" \
    --call-log off --fill-threads 1 2>"$work/log$i" &
  pids+=($!)
done
for i in 0 1 2; do
  for _ in $(seq 600); do [ -s "$work/port$i" ] && break; sleep 0.1; done
  servers+=("127.0.0.1:$(cat "$work/port$i")")
done
"$build/bench/list_latency" --servers "$(IFS=,; echo "${servers[*]}")" --entries 10000 --rounds 21
