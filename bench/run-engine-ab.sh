#!/bin/bash
# A/B of two xwdb builds on the engine's heaviest nodes: the decisions per
# second each makes on the stacked grids (a fill at Spread the Wordlist
# >= 40, stopped after a fixed number of decisions), on an enumeration (the
# 15x15 centre stack's count and the open 7x7's word sets, a fixed time
# each), and on a suggestion that probes 100,000 words. One thread (deterministic), run
# one after the other, each the median of RUNS runs (default 3); prints
# each side's rate and new/base. The two builds may search different trees
# after the first difference in propagation order, so the rate is the
# figure, not the time to settle. Run it alone.
#
# Usage: bash bench/run-engine-ab.sh BASE_XWDB NEW_XWDB
#   e.g. the build of an earlier commit REV against this tree's:
#     git worktree add /tmp/base REV
#     (cd /tmp/base && cmake --preset ci && cmake --build --preset ci -j2 --target xwdb)
#     bash bench/run-engine-ab.sh /tmp/base/build/ci/tools/xwdb build/ci/tools/xwdb
#   STWL   Spread the Wordlist (default ../shared/bench/wordlists/spreadthewordlist.dict), imported once under
#          $XWDB_BENCH_CACHE (default /tmp/xwdb-bench-cache)
set -euo pipefail
cd "$(dirname "$0")/.."
base=$1 new=$2
runs=${RUNS:-3}
stwl=${STWL:-../shared/bench/wordlists/spreadthewordlist.dict}
bench=${XWDB_BENCH:-../shared/bench}
cache=${XWDB_BENCH_CACHE:-/tmp/xwdb-bench-cache}
db=$cache/spreadthewordlist.db
mkdir -p "$cache"
if [ ! -e "$db/CURRENT" ]; then
  "$new" import --db "$db.tmp" --format scored "$stwl" >/dev/null && mv "$db.tmp" "$db"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A suggestion's busy dictionary: 300,000 random 21-letter words over A-E
# and an open 21x21 (every probe filters 21 crossings of them).
python3 - "$work" <<'PY'
import random, sys
rng = random.Random(3)
words = {"".join(rng.choice("abcde") for _ in range(21)) for _ in range(300000)}
open(sys.argv[1] + "/busy.txt", "w").write("".join(w + "\n" for w in sorted(words)))
open(sys.argv[1] + "/open21.txt", "w").write("".join("." * 21 + "\n" for _ in range(21)))
PY
"$new" import --db "$work/busy.db" --format plain "$work/busy.txt" >/dev/null

median() { sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }

# Decisions per second of one run: the engine's own "(S s, N nodes" line.
rate() {
  local log
  log=$("$@" 2>&1 >/dev/null || true)  # a fill stopped by its budget exits 3
  python3 -c '
import re, sys
m = re.search(r"\(([0-9.]+) s, ([0-9]+) nodes", sys.stdin.read())
print(f"{int(m.group(2)) / float(m.group(1)):.0f}" if m else "nan")' <<<"$log"
}

# Probes per second of a suggestion (wall time of the whole command).
probe_rate() {
  python3 - "$@" <<'PY'
import subprocess, sys, time
start = time.time()
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(f"{100000 / (time.time() - start):.0f}")
PY
}

row() {
  local name=$1 kind=$2
  shift 2
  local b n
  if [ "$kind" = probes ]; then
    b=$(for _ in $(seq "$runs"); do probe_rate "$base" "$@"; done | median)
    n=$(for _ in $(seq "$runs"); do probe_rate "$new" "$@"; done | median)
  else
    b=$(for _ in $(seq "$runs"); do rate "$base" "$@"; done | median)
    n=$(for _ in $(seq "$runs"); do rate "$new" "$@"; done | median)
  fi
  printf '| %s | %s | %s | %s | %.2f |\n' "$name" "$kind" "$b" "$n" "$(python3 -c "print($n / $b)")"
}

echo "| workload | per second | base | new | new/base |"
echo "|---|---|---|---|---|"
row "stack-six-15s, STWL >= 40, 20,000 decisions" decisions \
  fill --db "$db" bench/grids/stack-six-15s.txt --min-score 40 --threads 1 --seed 1 --max-nodes 20000 --timeout 600
row "stack-double-13s, STWL >= 40, 20,000 decisions" decisions \
  fill --db "$db" bench/grids/stack-double-13s.txt --min-score 40 --threads 1 --seed 1 --max-nodes 20000 --timeout 600
row "stack-triple-10-15-9, STWL >= 40, 20,000 decisions" decisions \
  fill --db "$db" bench/grids/stack-triple-10-15-9.txt --min-score 40 --threads 1 --seed 1 --max-nodes 20000 --timeout 600
row "centre stack region, --all, STWL >= 50, 20 s" decisions \
  fill --db "$db" bench/grids/centre-stack-15x15-region.txt --all --min-score 50 --threads 1 --timeout 20
# The general enumeration on a dense grid: an open rectangle's count and
# word sets have a search of their own (open_rectangle.h), which places
# lines, not decisions, so it is turned off here.
row "open 7x7, --all --word-sets --no-rectangle-search, STWL >= 50, 20 s" decisions \
  fill --db "$db" "$bench/grids/en-7x7-open.txt" --all --word-sets --no-rectangle-search --min-score 50 --threads 1 --timeout 20
row "suggest 1A of an open 21x21, 100,000 probes" probes \
  suggest --db "$work/busy.db" "$work/open21.txt" --slot 1A --max-probes 100000 --limit 1000 --min-score 0
