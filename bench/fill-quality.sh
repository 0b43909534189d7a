#!/usr/bin/env bash
# What a constructor gets from default fills: for each English grid of the
# shared bench (../shared/bench/grids/en-*.txt, or the grids given), one fill
# at the default settings (words scored 50 or more, no flagged word, only
# clued words) and one with flagged and unclued words allowed (the rules
# before they were kept out), each with clues; prints per grid the outcome,
# the entries, how many are flagged and how many have no clue, and the mean
# and lowest scores, then the totals.
#   XWDB       the xwdb binary (default: build/release/tools/xwdb)
#   XWDB_DB    the dictionary (default: var/default.db, see scripts/run-default.sh)
#   MIN_SCORE  (default 50), TIMEOUT seconds per fill (default 60), SEED (default 1)
# Usage: bench/fill-quality.sh [GRID...]
set -euo pipefail
cd "$(dirname "$0")/.."
xwdb=${XWDB:-build/release/tools/xwdb}
db=${XWDB_DB:-var/default.db}
grids=("$@")
if [ ${#grids[@]} -eq 0 ]; then grids=(../shared/bench/grids/en-*.txt); fi
for rules in default allowed; do
  allow=()
  [ "$rules" = allowed ] && allow=(--allow offensive,unclued)
  for grid in "${grids[@]}"; do
    "$xwdb" fill --db "$db" --format json --clues --seed "${SEED:-1}" --timeout "${TIMEOUT:-60}" \
      --min-score "${MIN_SCORE:-50}" "${allow[@]}" "$grid" 2>/dev/null || true
    echo "@@ $rules $grid"
  done
done | python3 bench/fill_quality_table.py
