#!/usr/bin/env bash
# The default vocabulary against the list constructors fill with (Spread the
# Wordlist, read here only to measure; the product reads no such list):
#   1. per length 3..15, the entries a default fill may use (scored 50 or
#      more, clued, not flagged: `xwdb stats --index`) and the list's
#      entries scored 50 or more, with the ratio;
#   2. the page's templates (web/grid.js), 5 seeds each, 2 threads, 20 s, at
#      the defaults: filled or not, and the seconds;
#   3. the English grids of ../shared/bench, seed 1, 2 threads, 60 s, at the
#      defaults, from the default dictionary and from the list at >= 50.
#   XWDB       the xwdb binary (default: build/release/tools/xwdb)
#   XWDB_DB    the dictionary (default: var/default.db, see scripts/run-default.sh)
#   STWL       the list (default: ../shared/bench/wordlists/spreadthewordlist.dict), imported once under
#              $XWDB_BENCH_CACHE (default /tmp/xwdb-bench-cache)
#   SECTIONS   which of the three to run (default "counts templates bench")
# Usage: bench/vocabulary.sh
set -euo pipefail
cd "$(dirname "$0")/.."
xwdb=${XWDB:-build/release/tools/xwdb}
db=${XWDB_DB:-var/default.db}
stwl=${STWL:-../shared/bench/wordlists/spreadthewordlist.dict}
cache=${XWDB_BENCH_CACHE:-/tmp/xwdb-bench-cache}
sections=${SECTIONS:-counts templates bench}
list_db=$cache/spreadthewordlist.db
mkdir -p "$cache"
if [ ! -e "$list_db/CURRENT" ]; then
  "$xwdb" import --db "$list_db.tmp" --format scored "$stwl" >/dev/null && mv "$list_db.tmp" "$list_db"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if [[ " $sections " == *" counts "* ]]; then
  echo "== entries a default fill may use, per length, against the list at >= 50"
  "$xwdb" stats --db "$db" --index --json > "$work/stats.json"
  python3 - "$work/stats.json" "$stwl" <<'PY'
import collections, json, sys
ours = json.load(open(sys.argv[1]))["index"]["fillable_by_length"]
theirs = collections.Counter()
for line in open(sys.argv[2], encoding="utf-8", errors="replace"):
    word, _, score = line.strip().rpartition(";")
    if score.isdigit() and int(score) >= 50:
        theirs[len(word)] += 1
print("length  default   list  ratio")
for n in range(3, 16):
    a, b = ours.get(str(n), 0), theirs[n]
    print(f"{n:6d} {a:8d} {b:6d} {a / b if b else 0:6.0%}")
PY
fi

fill() {  # db grid seed seconds -> "filled 3.2" or "none 20.0"
  local start end code
  start=$(date +%s.%N)
  code=0
  "$xwdb" fill --db "$1" --seed "$3" --threads 2 --timeout "$4" "$2" >/dev/null 2>&1 || code=$?
  end=$(date +%s.%N)
  printf '%s %.1f' "$([ "$code" = 0 ] && echo filled || echo "none(exit $code)")" "$(echo "$end - $start" | bc)"
}

if [[ " $sections " == *" templates "* ]]; then
  echo "== the page's templates at the defaults (5 seeds, 2 threads, 20 s)"
  python3 - web/grid.js "$work" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
block = text[text.index("export const TEMPLATES"):]
block = block[:block.index("};")]
for name, rows in re.findall(r"'([^']+)':\s*\[([^\]]*)\]", block):
    cells = re.findall(r"'([^']*)'", rows)
    open(f"{sys.argv[2]}/template-{name.replace(' ', '_')}.txt", "w").write("\n".join(cells) + "\n")
PY
  for grid in "$work"/template-*.txt; do
    name=$(basename "$grid" .txt)
    line="${name#template-}:"
    filled=0
    for seed in 1 2 3 4 5; do
      r=$(fill "$db" "$grid" "$seed" 20)
      [[ $r == filled* ]] && filled=$((filled + 1))
      line="$line  $r"
    done
    echo "$line  => $filled/5"
  done
fi

if [[ " $sections " == *" bench "* ]]; then
  echo "== the English grids of ../shared/bench at the defaults (seed 1, 2 threads, 60 s): default | list"
  ours=0 theirs=0 total=0
  for grid in ../shared/bench/grids/en-*.txt; do
    a=$(fill "$db" "$grid" 1 60)
    b=$(fill "$list_db" "$grid" 1 60)
    [[ $a == filled* ]] && ours=$((ours + 1))
    [[ $b == filled* ]] && theirs=$((theirs + 1))
    total=$((total + 1))
    printf '%-36s %-16s | %s\n' "$(basename "$grid")" "$a" "$b"
  done
  echo "filled: default $ours of $total, list $theirs of $total"
fi
