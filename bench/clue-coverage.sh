#!/usr/bin/env bash
# How many entries of real fills get a clue: fills every English grid of
# ../shared/bench/grids (or the grids given) with words scored 60 or more,
# clues them with the best policy, and prints the share clued per grid and
# in all, then a sample of 40 clued entries (answer, clue, how it was made).
#   bench/clue-coverage.sh [DB [GRID...]]   (DB default: var/default.db)
set -euo pipefail
cd "$(dirname "$0")/.."
db=${1:-var/default.db}
shift || true
grids=("$@")
if [ ${#grids[@]} -eq 0 ]; then grids=(../shared/bench/grids/en-*.txt); fi
xwdb=${XWDB:-build/release/tools/xwdb}
[ -x "$xwdb" ] || xwdb=build/ci/tools/xwdb
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for g in "${grids[@]}"; do
  "$xwdb" fill --db "$db" --seed 1 --timeout 60 --min-score 60 --clues --format json "$g" \
    >"$out/$(basename "$g" .txt).json" 2>/dev/null || true
done
python3 - "$out" <<'PY'
import json, os, sys
d = sys.argv[1]
total = clued = 0
entries = []
print(f"{'grid':34} {'entries':>7} {'clued':>6} {'share':>7}")
for name in sorted(os.listdir(d)):
    j = json.load(open(os.path.join(d, name)))
    if j.get("outcome") != "filled" or not j["fills"]:
        print(f"{name[:-5]:34} not filled ({j.get('outcome')})")
        continue
    slots = j["fills"][0]["slots"]
    n = len(slots)
    c = sum(1 for s in slots if s.get("clue"))
    total += n
    clued += c
    print(f"{name[:-5]:34} {n:7} {c:6} {100.0 * c / n:6.1f}%")
    entries += [(name[:-5], s) for s in slots]
print(f"{'all':34} {total:7} {clued:6} {100.0 * clued / max(total, 1):6.1f}%")
missing = sorted({s["word"] for _, s in entries if not s.get("clue")})
print(f"\nwithout a clue ({len(missing)}): {' '.join(missing)}")
print("\nsample of 40 clued entries (every k-th):")
have = [(g, s) for g, s in entries if s.get("clue")]
step = max(1, len(have) // 40)
for g, s in have[::step][:40]:
    print(f"  {s['word']:15} {s['clue'][:70]:70}  [{s.get('clue_kind', '')}]")
PY
