#!/usr/bin/env bash
# Match throughput of xwdbd as operators run it: first one replica, then
# three, each its own process on 127.0.0.1, loaded by load_bench through the
# client's round robin. load_bench's in-process rows (the same calls on the
# service object) are the baseline of the same run; its "cpu" columns are
# the daemons' own CPU per pattern and so the patterns one core answers per
# second (the capacity figure). Run it alone: the load generator and the
# daemons share this machine's cores.
#
#   bench/run-load-bench.sh [DB] [load_bench flags, e.g. --seconds 10 --clients 64]
# Without DB, en-large (../shared/bench/make-dicts.sh) is imported into a
# temporary directory.
#   XWDB_PRESET  CMake preset to build with (default: release)
#   XWDB_BENCH   the shared benchmark directory (default: ../shared/bench)
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${XWDB_PRESET:-release}
bench=${XWDB_BENCH:-../shared/bench}
cmake --preset "$preset" >/dev/null
cmake --build --preset "$preset" -j2 --target xwdb xwdbd load_bench >/dev/null
bin=build/$preset
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

db=${1:-}
if [ -n "$db" ] && [ "${db#--}" = "$db" ]; then
  shift
else
  db=$work/en-large.db
  bash "$bench/make-dicts.sh" "$work/dicts" >/dev/null
  "$bin/tools/xwdb" import --db "$db" --format plain "$work/dicts/en-large.txt" >/dev/null
fi

# Starts one more replica on a free port; its address goes to $addresses.
# The first also serves HTTP/JSON (load_bench's HTTP row calls it).
addresses=()
start_replica() {
  local i=${#pids[@]}
  local http=()
  [ "$i" = 0 ] && http=(--http 127.0.0.1:0 --http-port-file "$work/http-port")
  "$bin/daemon/xwdbd" --db "bench=$db" --listen 127.0.0.1:0 --port-file "$work/port-$i" --call-log off \
    "${http[@]}" >"$work/xwdbd-$i.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 300); do
    [ -s "$work/port-$i" ] && { [ "$i" != 0 ] || [ -s "$work/http-port" ]; } && break
    sleep 0.1
  done
  [ -s "$work/port-$i" ] || { cat "$work/xwdbd-$i.log"; exit 1; }
  addresses+=("127.0.0.1:$(cat "$work/port-$i")")
}

start_replica
echo "== one replica (${addresses[0]})"
"$bin/bench/load_bench" --db "$db" --server "${addresses[0]}" --http-server "$(cat "$work/http-port")" \
  --calls match "$@"
start_replica
start_replica
list=$(IFS=,; echo "${addresses[*]}")
echo
echo "== three replicas ($list), round robin"
"$bin/bench/load_bench" --db "$db" --server "$list" --http-server "$(cat "$work/http-port")" --calls match "$@"
