#!/usr/bin/env bash
# Every reliability check in one run, with the figures docs/reliability.md
# reports (see there for what each shows):
#   1. fuzzing: every libFuzzer target for FUZZ_SECONDS (default 60);
#   2. faults: kill -9 of imports and of the daemon under load, a full disk
#      (a file size limit, and a real 8 MiB tmpfs when mounting is allowed),
#      damaged databases;
#   3. security: tokens, limits, dictionary names, listen addresses;
#   4. load: 64 clients for SOAK_SECONDS (default 60) mixing Match, GetClues
#      and Fill against a release xwdbd on the default dictionary, with its
#      memory; then the same load for 20 s against an AddressSanitizer build
#      whose LeakSanitizer checks the daemon's exit;
#   5. the HTTP face against hostile clients at full length
#      (tests/daemon/http_attack.py --full: a burst of 256 connections, a
#      storm of 1,000 connections opened at once, 64
#      keep-alive clients for 60 s, 16 chunked 64 MiB uploads, never-ending
#      bodies without the token, 500 slow clients with a canary for 60 s,
#      idle reuse, a queued fill's client leaving, SIGTERM under 500 slow
#      clients) against a release xwdbd on the default dictionary;
#   2c. word lists on a full disk (tests/daemon/lists_full_disk.py on an
#      8 MiB tmpfs, as root): refused naming the disk, served meanwhile,
#      restarted full, written once there is room, whole after a restart;
#   6. the gRPC face against hostile and careless clients at full length
#      (tests/daemon/grpc_attack.py --full: six heavy MatchMany calls that
#      leave at a 2 s deadline and one cancelled, with health checks and
#      Match meanwhile; 40 connections of 1,000 unauthenticated streams of
#      60 KiB; two unread fill streams; SIGTERM with six heavy calls; one
#      user editing a 99,000-entry word list a word a call while another
#      matches: the other's p99 may grow by at most 1 ms).
# Usage: scripts/reliability.sh            (needs scripts/setup.sh done)
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${XWDB_JOBS:-2}
fuzz_seconds=${FUZZ_SECONDS:-60}
soak_seconds=${SOAK_SECONDS:-60}
db=${XWDB_DB:-var/default.db}

echo "== 1. fuzzing, $fuzz_seconds s per target"
bash scripts/fuzz.sh "$fuzz_seconds"

echo "== 2-3. fault and security tests (ci build)"
cmake --preset ci >/dev/null
cmake --build --preset ci -j"$jobs"
ctest --preset ci -V -R "ImportFaultTest|DamagedFiles|KilledUnderLoad|TokenIsChecked|RefusesPlaintext|PythonSecurityTest|FuzzReplay|NastyTest|ListStoreTest|WordListRegistryTest|WordListsTest" \
  2>&1 | grep -E "kill test:|damaged [0-9]+ copies|tests passed|Passed|Failed|replayed" | sed 's/^[0-9]*: //'

echo "== 2b. full disk: import into an 8 MiB tmpfs"
xwdb=build/ci/tools/xwdb
if [ ! -e "$db/CURRENT" ]; then XWDB_DB="$db" bash scripts/run-default.sh >/dev/null; fi
mnt=$(mktemp -d)
full_log=$(mktemp)
if mount -t tmpfs -o size=8m tmpfs "$mnt" 2>/dev/null; then
  printf 'apple|Fruit\nbanana|Yellow fruit\n' > "$mnt/base.txt"
  "$xwdb" import --db "$mnt/db" --format pipe "$mnt/base.txt" >/dev/null
  before=$("$xwdb" stats --db "$mnt/db" | grep -i "words" | head -1)
  if "$xwdb" import --db "$mnt/db" /usr/share/dict/scowl > "$full_log" 2>&1; then
    echo "full disk: the import fitted in 8 MiB: the check proved nothing"; exit 1
  else
    echo "full disk: import refused: $(grep -o 'No space left on device' "$full_log" | head -1 || true) ($(tail -1 "$full_log" | cut -c1-160))"
  fi
  after=$("$xwdb" stats --db "$mnt/db" | grep -i "words" | head -1)
  echo "full disk: before [$before] after [$after]"
  [ "$before" = "$after" ] || { echo "full disk: CONTENT CHANGED"; exit 1; }
  umount "$mnt"
else
  echo "full disk: tmpfs mount not permitted here; the file-size-limit test above covers the case"
fi
rmdir "$mnt"

echo "== 2c. full disk: xwdbd's word lists on an 8 MiB tmpfs"
mnt=$(mktemp -d)
if mount -t tmpfs -o size=8m tmpfs "$mnt" 2>/dev/null; then
  lists_ok=0
  /usr/bin/python3 tests/daemon/lists_full_disk.py build/ci/tools/xwdb build/ci/daemon/xwdbd proto "$mnt" 2>/dev/null \
    || lists_ok=$?
  umount "$mnt"
  [ "$lists_ok" = 0 ] || { echo "lists on a full disk: FAILED"; exit 1; }
else
  echo "lists on a full disk: tmpfs mount not permitted here; WordListsTest's file size limit covers the case"
fi
rmdir "$mnt"

echo "== 4. load: 64 clients, $soak_seconds s, release xwdbd on $db"
cmake --preset release >/dev/null
cmake --build --preset release -j"$jobs" --target xwdbd soak
soak_daemon() {  # BINARY SECONDS LABEL
  local run_dir; run_dir=$(mktemp -d)
  "$1" --db en="$db" --listen 127.0.0.1:0 --port-file "$run_dir/port" --call-log off \
    --fill-threads 2 --fill-queue 8 --max-fill-seconds 5 2> "$run_dir/daemon.log" &
  local daemon=$!
  for _ in $(seq 1200); do [ -s "$run_dir/port" ] && break; kill -0 "$daemon"; sleep 0.1; done
  local rc=0
  build/release/bench/soak --server "127.0.0.1:$(cat "$run_dir/port")" --db "$db" --pid "$daemon" \
    --clients 64 --seconds "$2" || rc=1
  kill -TERM "$daemon"
  local exit_status=0
  wait "$daemon" || exit_status=$?
  echo "$3: daemon exit status $exit_status"
  if grep -q "LeakSanitizer" "$run_dir/daemon.log"; then
    echo "$3: LEAKS:"; grep -A12 "LeakSanitizer" "$run_dir/daemon.log" | head -40; rc=1
  elif [ "$3" = "asan" ]; then
    echo "$3: LeakSanitizer found no leak at exit"
  fi
  [ "$exit_status" = 0 ] || rc=1
  rm -rf "$run_dir"
  return $rc
}
soak_daemon build/release/daemon/xwdbd "$soak_seconds" release

echo "== 4b. the same load for 20 s on an AddressSanitizer + LeakSanitizer xwdbd"
cmake --preset asan >/dev/null
cmake --build --preset asan -j"$jobs" --target xwdbd
ASAN_OPTIONS=detect_leaks=1 soak_daemon build/asan/daemon/xwdbd 20 asan
echo "== 5. the HTTP face against hostile clients, release xwdbd on $db"
http_dir=$(mktemp -d)
echo "reliability-token" > "$http_dir/token"
build/release/daemon/xwdbd --db en="$db" --listen 127.0.0.1:0 --port-file "$http_dir/port" --http 127.0.0.1:0 \
  --http-port-file "$http_dir/http-port" --token-file "$http_dir/token" --call-log off \
  --fill-threads 1 --fill-queue 1 2> "$http_dir/daemon.log" &
http_daemon=$!
for _ in $(seq 1200); do [ -s "$http_dir/port" ] && break; kill -0 "$http_daemon"; sleep 0.1; done
/usr/bin/python3 tests/daemon/http_attack.py --port "$(cat "$http_dir/http-port")" --token reliability-token \
  --pid "$http_daemon" --full burst storm keepalive chunked token slow idle queued sigterm | tee "$http_dir/figures"
wait "$http_daemon" || { echo "http: daemon exit status $?"; exit 1; }
if grep -E " [1-9][0-9]* (failed|unanswered)|not within|more than" "$http_dir/figures"; then echo "http: FAILED"; exit 1; fi
rm -rf "$http_dir"
echo "== 6. the gRPC face against hostile and careless clients (ci xwdbd, a 200,000-word dictionary)"
grpc_figures=$(mktemp)
/usr/bin/python3 tests/daemon/grpc_attack.py --full build/ci/tools/xwdb build/ci/daemon/xwdbd proto | tee "$grpc_figures"
# Every figure against the promise in docs/reliability.md.
/usr/bin/python3 - "$grpc_figures" <<'PY'
import ast, sys
figures = {line.split(": {", 1)[0]: ast.literal_eval("{" + line.split(": {", 1)[1])
           for line in open(sys.argv[1]) if ": {" in line}
bad = []
for name, f in figures.items():
    if "cpu_after_seconds" in f and (f["cpu_after_seconds"] > 0.3 or f["slowest_health_seconds"] > 1):
        bad.append(name)
    if "held_waiting" in f and f["held_waiting"] > 0:
        bad.append(name)
    if "answered_after_seconds" in f and (f["answered_after_seconds"] is None or f["answered_after_seconds"] > 15):
        bad.append(name)
    if "exit_seconds" in f and (f["exit_seconds"] > 11.5 or f["not_serving_seconds"] is None):
        bad.append(name)
    if "busy_p99_ms" in f and (f["busy_p99_ms"] - f["quiet_p99_ms"] > 1.0 or not f["edits"]):
        bad.append(name)
if bad or len(figures) < 5:
    sys.exit("grpc: FAILED: " + ", ".join(bad or ["figures missing"]))
PY
rm -f "$grpc_figures"
echo "== reliability: all checks passed"
