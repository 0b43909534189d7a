#!/usr/bin/env bash
# The portfolio's thread scaling: each grid filled with 1, 2, 4 and 8
# threads (members sharing what they learn), and with 2 independent
# members, over 5 seeds each; prints per grid and setting the median wall
# and CPU seconds and how many seeds settled, then the median over grids of
# each setting's wall time against one thread's.
#   bench/run-thread-scaling.sh DICT GRID... [-- FILL FLAGS]
#     DICT  a word list (plain, or "word;score" lines with
#           XWDB_DICT_FORMAT=scored), imported once under $XWDB_BENCH_CACHE
#   XWDB_TIMEOUT  seconds per fill (default 60)   XWDB_SEEDS (default "1 2 3 4 5")
#   XWDB_THREADS  the settings (default "1 2 2i 4 8"; "2i": 2 independent)
# On a machine with fewer cores than threads, the members share the cores:
# the wall time is then not what those threads would take on their own
# cores, but the CPU seconds divided by the threads ("sim wall") is, as long
# as the members progress alike. Run it alone (it uses every core).
set -euo pipefail
cd "$(dirname "$0")/.."
dict=$1
shift
grids=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do grids+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
flags=("$@")
xwdb=${XWDB:-build/release/tools/xwdb}
[ -x "$xwdb" ] || { cmake --preset release >/dev/null && cmake --build --preset release -j2 --target xwdb >/dev/null; }
cache=${XWDB_BENCH_CACHE:-/tmp/xwdb-bench-cache}
db=$cache/$(basename "$dict" .txt).db
mkdir -p "$cache"
if [ ! -e "$db/CURRENT" ]; then
  "$xwdb" import --db "$db.tmp" --format "${XWDB_DICT_FORMAT:-plain}" "$dict" >/dev/null && mv "$db.tmp" "$db"
fi
timeout=${XWDB_TIMEOUT:-60}
seeds=${XWDB_SEEDS:-1 2 3 4 5}
settings=${XWDB_THREADS:-1 2 2i 4 8}
out=$(mktemp)
for grid in "${grids[@]}"; do
  for setting in $settings; do
    threads=${setting%i}
    extra=()
    [ "$setting" != "$threads" ] && extra=(--no-shared-learning)
    for seed in $seeds; do
      start=$(date +%s.%N)
      rc=0
      /usr/bin/time -f "%U %S" -o "$out.cpu" "$xwdb" fill --db "$db" "$grid" --threads "$threads" --seed "$seed" \
        --timeout "$timeout" "${extra[@]}" "${flags[@]}" >/dev/null 2>&1 || rc=$?
      end=$(date +%s.%N)
      cpu=$(awk 'END { printf "%.3f", $1 + $2 }' "$out.cpu")
      echo "$(basename "$grid") $setting $seed $rc $(python3 -c "print(f'{$end - $start:.3f}')") $cpu"
    done
  done
done >"$out"
python3 - "$out" "$timeout" <<'EOF'
import collections, statistics, sys
rows = [l.split() for l in open(sys.argv[1])]
timeout = float(sys.argv[2])
runs = collections.defaultdict(list)
for grid, setting, seed, rc, wall, cpu in rows:
    runs[(grid, setting)].append((int(rc), float(wall), float(cpu)))
settings = list(dict.fromkeys(r[1] for r in rows))
grids = list(dict.fromkeys(r[0] for r in rows))
print("| grid | threads | settled | median wall s | median CPU s | sim wall s (CPU/threads) |")
print("|---|---|---|---|---|---|")
for g in grids:
    for s in settings:
        r = runs[(g, s)]
        settled = sum(rc in (0, 2) for rc, _, _ in r)
        # An unsettled run counts as the time limit (the median then says ">").
        walls = [w if rc in (0, 2) else timeout for rc, w, _ in r]
        cpus = [c for _, _, c in r]
        n = int(s.rstrip("i"))
        mw = statistics.median(walls)
        print(f"| {g} | {s} | {settled}/{len(r)} | {'>' if mw >= timeout else ''}{mw:.2f} | "
              f"{statistics.median(cpus):.2f} | {statistics.median(cpus) / n:.2f} |")
print()
for s in settings[1:]:
    ratios = []
    for g in grids:
        one = statistics.median([w if rc in (0, 2) else timeout for rc, w, _ in runs[(g, settings[0])]])
        this = statistics.median([w if rc in (0, 2) else timeout for rc, w, _ in runs[(g, s)]])
        ratios.append(this / one)
    print(f"{s} threads: median wall ratio to {settings[0]} over {len(grids)} grids: {statistics.median(ratios):.2f}")
EOF
rm -f "$out" "$out.cpu"
