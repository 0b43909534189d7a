#!/usr/bin/env bash
# A hand review's sheet: fills fresh grids (bench/random_grid.py, 15x15 with
# a daily's share of blocks; the seeds pick them) with the default
# settings, clues them with the best policy, and prints every entry with its
# clue, how the clue was made and where it came from, then the figures an
# editor's rubric asks for: missing, over 40 characters, median length, and
# the entries by source and kind.
#   bench/clue-review.sh [DB [FIRST_SEED [GRIDS]]]   (defaults: var/default.db, 1, 4)
# A sheet of 200 entries or so: 3 to 4 grids. Grade each line GOOD, WEAK,
# OBSCURE, WRONG, GIVEAWAY or MISSING (issue rubric in README "Clues").
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-var/default.db}
first=${2:-1}
count=${3:-4}
xwdb=${XWDB:-build/release/tools/xwdb}
[ -x "$xwdb" ] || xwdb=build/ci/tools/xwdb
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
seed=$first
filled=0
# A grid that does not fill in 20 s is passed over for the next seed.
while [ "$filled" -lt "$count" ] && [ "$seed" -lt $((first + 10 * count)) ]; do
  python3 bench/random_grid.py 15 "$seed" >"$out/grid-$seed.txt"
  if "$xwdb" fill --db "$db" --seed "$seed" --timeout 20 --clues --format json "$out/grid-$seed.txt" \
      >"$out/fill-$seed.json" 2>/dev/null &&
     python3 -c 'import json,sys; sys.exit(json.load(open(sys.argv[1])).get("outcome") != "filled")' "$out/fill-$seed.json"; then
    filled=$((filled + 1))
  else
    rm -f "$out/fill-$seed.json"
  fi
  seed=$((seed + 1))
done
python3 - "$out" <<'PY'
import collections, glob, json, os, statistics, sys
rows = []
for path in sorted(glob.glob(os.path.join(sys.argv[1], "fill-*.json")), key=lambda p: int(p.split("-")[-1][:-5])):
    seed = path.split("-")[-1][:-5]
    for s in json.load(open(path))["fills"][0]["slots"]:
        rows.append((seed, s))
print(f"{'grid':>4} {'entry':5} {'answer':15} {'len':>3}  clue  [how / source]")
for seed, s in rows:
    clue = s.get("clue") or ""
    how = s.get("clue_kind", "")
    src = s.get("clue_source", "")
    where = f"{s['number']}{'A' if s['direction'] == 'across' else 'D'}"
    print(f"{seed:>4} {where:5} {s['word']:15} {len(clue):3}  {clue}  [{how}{' / ' + src if src else ''}]")
n = len(rows)
lengths = [len(s["clue"]) for _, s in rows if s.get("clue")]
missing = n - len(lengths)
print(f"\n{n} entries in {len(set(seed for seed, _ in rows))} grids; missing {missing} ({100.0 * missing / max(n, 1):.1f}%); "
      f"over 40 characters {sum(l > 40 for l in lengths)} ({100.0 * sum(l > 40 for l in lengths) / max(n, 1):.1f}%); "
      f"median length {statistics.median(lengths) if lengths else 0}")
by = collections.Counter()
for _, s in rows:
    if not s.get("clue"):
        by["(missing)"] += 1
    elif s.get("clue_source"):
        by[f"source {os.path.basename(s['clue_source'])}"] += 1
    else:
        by[s.get("clue_kind", "").split(",")[0] or "(unknown)"] += 1
for k, v in by.most_common():
    print(f"  {k:40} {v:4}  {100.0 * v / max(n, 1):5.1f}%")
PY
